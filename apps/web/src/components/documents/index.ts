export { FlagTags, flagTags } from './FlagTags';
export { HighlightedText } from './HighlightedText';
export { formatAmount, formatDate, formatDateTime, formatPercent } from '../../i18n/format';
export { originName, originLabelKey } from './origin';
