/** The website editors' chunk (admin group): carousel, news and blogs, sites. */
export { CarouselScreen, PostEditScreen, PostsScreen, SitesScreen } from '../website/screens'
