/** The learner area's chunk. */
export { Dashboard } from '../learner/dashboard/Dashboard'
