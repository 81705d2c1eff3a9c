import { addFeatureTranslations } from '../../i18n/feature-translations';
import de from './labels.de.json';
import en from './labels.en.json';

// The labeling tool's texts (labels.*): imported by each component and screen that shows them.
addFeatureTranslations('labels', { en, de });
