/** The organisation managers' area (`/admin/{host}`, decision 0038). */
export { OrganizationScreen } from '../organizations/screens'
