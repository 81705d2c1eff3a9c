import type { DocumentCategory, Responsibility, User } from '@portal/contracts';
import type { CollectionSpec, Doc } from '@portal/read-store';
import { collection } from './collection';

/**
 * A login account: the spec's User under its id, whether an administrator requires a second factor, and what the
 * user manager shows about logins (last login, failed logins, lock, second factors), read field by field.
 */
export type StoredUser = User & { id: string; secondFactorRequired?: boolean } & Doc;

export const USERS = collection<StoredUser>('users');
export const USER_PREFERENCES = collection<Doc>('user_preferences');
export const DOCUMENT_CATEGORIES = collection<DocumentCategory>('document_categories');
export const PORTAL_CONFIG = collection<Doc>('portal_config');
export const RESPONSIBILITIES = collection<Responsibility>('responsibilities');

export const PORTAL_COLLECTIONS: readonly CollectionSpec[] = [
  { name: USERS, indexes: [['username'], ['keycloakId']] },
  { name: USER_PREFERENCES, indexes: [] },
  { name: DOCUMENT_CATEGORIES, indexes: [['sort']] },
  { name: PORTAL_CONFIG, indexes: [] },
  { name: RESPONSIBILITIES, indexes: [['responsible_id']] },
];
