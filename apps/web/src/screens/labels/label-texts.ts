import { addFeatureTranslations } from '../../i18n/feature-translations';
import de from '../../i18n/locales/labels.de.json';
import en from '../../i18n/locales/labels.en.json';

// The labeling tool's texts (labels.*): imported by each component and screen that shows them.
addFeatureTranslations('labels', { en, de });
