export { BookingFieldsForm } from './BookingFieldsForm';
export type { BookingFieldsFormProps, PickerField } from './BookingFieldsForm';
export { OriginTag } from './OriginTag';
export { StatusTags } from './StatusTags';
export type { StatusTagsProps } from './StatusTags';
export { originKey, isHumanOrigin } from './origin-label';
