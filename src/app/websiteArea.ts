/** The website editors' chunk (admin group): featured courses, careers, analytics, carousel, news and blogs, sites. */
export { CarouselScreen, FeaturedCoursesScreen, PostEditScreen, PostsScreen, SiteAnalyticsScreen, SiteCareersScreen, SitesScreen } from '../website/screens'
