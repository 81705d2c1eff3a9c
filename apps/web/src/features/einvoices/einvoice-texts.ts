import { addFeatureTranslations } from '../../i18n/feature-translations';
import de from './einvoices.de.json';
import en from './einvoices.en.json';

// The e-invoice check's texts (einvoices.*): imported by each component that shows them.
addFeatureTranslations('einvoices', { en, de });
