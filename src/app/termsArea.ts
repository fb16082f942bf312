/**
 * The terms page's chunk, apart from the other public screens: it alone brings the HTML sanitiser
 * (shared with the settings' terms pane), which the sign-in and registration screens never need.
 */
export { TermsPage } from '../account/public/TermsPage'
