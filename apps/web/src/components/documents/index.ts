export { FlagTags, flagTags } from './FlagTags';
export { HighlightedText } from './HighlightedText';
export { formatAmount, formatDate, formatDateTime, formatPercent } from './format';
export { originName, originLabelKey } from './origin';
