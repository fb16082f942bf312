/** The public account screens' chunk: what /login, /register and the other visitor screens need beyond their frame. */
export { LoginPage } from '../account/public/LoginPage'
export { RegisterPage } from '../account/public/RegisterPage'
export { RegisterConfirmationPage } from '../account/public/RegisterConfirmationPage'
export { ForgotPasswordPage } from '../account/public/ForgotPasswordPage'
export { CompleteRegisterPage } from '../account/public/CompleteRegisterPage'
export { LogoutPage } from '../account/access/LogoutPage'
export { VisitorOnly } from '../account/access/VisitorOnly'
