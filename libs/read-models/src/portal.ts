import type { CollectionSpec } from '@portal/read-store';

export const USERS = 'users';
export const USER_PREFERENCES = 'user_preferences';
export const DOCUMENT_CATEGORIES = 'document_categories';
export const PORTAL_CONFIG = 'portal_config';
export const RESPONSIBILITIES = 'responsibilities';

export const PORTAL_COLLECTIONS: readonly CollectionSpec[] = [
  { name: USERS, indexes: [['username'], ['keycloakId']] },
  { name: USER_PREFERENCES, indexes: [] },
  { name: DOCUMENT_CATEGORIES, indexes: [['sort']] },
  { name: PORTAL_CONFIG, indexes: [] },
  { name: RESPONSIBILITIES, indexes: [['responsible_id']] },
];
