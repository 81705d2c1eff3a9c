import { embeddedUserDirectory } from './embedded-identity-users.testing';
import { identityUsersContract } from './identity-users.contract';

identityUsersContract('embedded provider', embeddedUserDirectory);
