import { embeddedUserDirectory } from '../../../test/embedded-identity-users';
import { identityUsersContract } from '../../../test/identity-users.contract';

identityUsersContract('embedded provider', embeddedUserDirectory);
