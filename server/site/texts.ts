import type { SiteLanguage } from './languages.js'

/**
 * The public site's own words (its chrome and headings) in every language of the product; what the
 * centre writes (posts, slides, courses) comes from the database. One type keeps every language
 * complete.
 */
const mx = {
  skipToContent: 'Saltar al contenido',
  mainMenu: 'Menú principal',
  home: 'Inicio',
  courses: 'Cursos',
  careers: 'Carreras',
  news: 'Noticias',
  blog: 'Blog',
  signIn: 'Iniciar sesión',
  register: 'Crear cuenta',
  language: 'Idioma',
  latestNews: 'Últimas noticias',
  readMore: 'Leer más',
  noNews: 'Todavía no hay noticias publicadas.',
  notFoundTitle: 'Página no encontrada',
  notFoundText: 'La página que busca no existe o ya no está publicada.',
  backHome: 'Volver al inicio',
  footer: 'Todos los derechos reservados.',
}
export type SiteTexts = typeof mx

const eng: SiteTexts = {
  skipToContent: 'Skip to content',
  mainMenu: 'Main menu',
  home: 'Home',
  courses: 'Courses',
  careers: 'Careers',
  news: 'News',
  blog: 'Blog',
  signIn: 'Sign in',
  register: 'Create an account',
  language: 'Language',
  latestNews: 'Latest news',
  readMore: 'Read more',
  noNews: 'No news has been published yet.',
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you are looking for does not exist or is no longer published.',
  backHome: 'Back to the home page',
  footer: 'All rights reserved.',
}

const es: SiteTexts = {
  ...mx,
  noNews: 'Aún no se ha publicado ninguna noticia.',
  notFoundText: 'La página que buscas no existe o ya no está publicada.',
}

const it: SiteTexts = {
  skipToContent: 'Vai al contenuto',
  mainMenu: 'Menu principale',
  home: 'Home',
  courses: 'Corsi',
  careers: 'Percorsi di studio',
  news: 'Notizie',
  blog: 'Blog',
  signIn: 'Accedi',
  register: 'Crea un account',
  language: 'Lingua',
  latestNews: 'Ultime notizie',
  readMore: 'Continua a leggere',
  noNews: 'Non ci sono ancora notizie pubblicate.',
  notFoundTitle: 'Pagina non trovata',
  notFoundText: 'La pagina che cerchi non esiste o non è più pubblicata.',
  backHome: 'Torna alla home',
  footer: 'Tutti i diritti riservati.',
}

const gr: SiteTexts = {
  skipToContent: 'Zum Inhalt springen',
  mainMenu: 'Hauptmenü',
  home: 'Startseite',
  courses: 'Kurse',
  careers: 'Studiengänge',
  news: 'Neuigkeiten',
  blog: 'Blog',
  signIn: 'Anmelden',
  register: 'Konto erstellen',
  language: 'Sprache',
  latestNews: 'Aktuelle Neuigkeiten',
  readMore: 'Weiterlesen',
  noNews: 'Es wurden noch keine Neuigkeiten veröffentlicht.',
  notFoundTitle: 'Seite nicht gefunden',
  notFoundText: 'Die gesuchte Seite existiert nicht oder ist nicht mehr veröffentlicht.',
  backHome: 'Zur Startseite',
  footer: 'Alle Rechte vorbehalten.',
}

const rs: SiteTexts = {
  skipToContent: 'Перейти к содержимому',
  mainMenu: 'Главное меню',
  home: 'Главная',
  courses: 'Курсы',
  careers: 'Программы обучения',
  news: 'Новости',
  blog: 'Блог',
  signIn: 'Войти',
  register: 'Создать аккаунт',
  language: 'Язык',
  latestNews: 'Последние новости',
  readMore: 'Читать далее',
  noNews: 'Новостей пока нет.',
  notFoundTitle: 'Страница не найдена',
  notFoundText: 'Страница, которую вы ищете, не существует или больше не опубликована.',
  backHome: 'На главную',
  footer: 'Все права защищены.',
}

export const SITE_TEXTS: Record<SiteLanguage, SiteTexts> = { mx, es, eng, it, gr, rs }
