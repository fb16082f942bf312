// Imported first by every account test: the i18n provider reads the language when it loads, and the
// tests assert the English catalogue's texts (the requirements' words).
localStorage.setItem('I18N_LANGUAGE', 'eng')
