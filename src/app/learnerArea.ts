import { createElement, type ReactNode } from 'react'
import { Dashboard as DashboardScreen } from '../learner/dashboard/Dashboard'
import { CataloguePage } from '../learner/catalogue/CataloguePage'
import { WithLearnerTexts } from '../learner/catalogue/LearnerTexts'
import { VerifyPage } from '../learner/certificates/VerifyPage'
import { OverviewPage } from '../learner/overview/OverviewPage'
import { ProgressPage } from '../learner/progress/ProgressPage'

/**
 * The learner area's chunk. Each screen is drawn once the area's texts are loaded (it suspends until
 * then, under the boundary App.tsx puts around every screen).
 */
const withTexts = (screen: () => ReactNode) => () => createElement(WithLearnerTexts, null, screen())

export const Dashboard = withTexts(() => createElement(DashboardScreen))
export const Catalogue = withTexts(() => createElement(CataloguePage))
export const CourseOverview = withTexts(() => createElement(OverviewPage))
export const CertificateVerification = withTexts(() => createElement(VerifyPage))
export const CourseProgress = withTexts(() => createElement(ProgressPage))
