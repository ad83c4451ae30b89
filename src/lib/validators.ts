/**
 * Input checks of the app's forms: the account rules shared with the server (common/account-rules),
 * under the names the forms use.
 * - `isMobilePhone(v)`: mainland mobile, 11 digits, starts with 1, second digit 3-9.
 * - `isValidPassword(v)`: 8-32 characters, letters and digits only, at least one of each.
 */
export { isMobile as isMobilePhone, isValidPassword } from '@common/account-rules';
