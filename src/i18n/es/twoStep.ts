import { twoStep as mx } from '../mx/twoStep'
import { variantOf, type DeepPartial } from '../variant'

/**
 * Texts of two-step verification: the security settings section and the sign-in steps.
 * Spain's Spanish: only the texts that differ from the Mexican catalogue (../mx/twoStep.ts), which gives every other text.
 */
export const differences = {
  intro: 'Además de tu contraseña, al iniciar sesión se te pedirá un código de una aplicación de autenticación de tu móvil.',
  turnedOn: 'Se ha activado la verificación en dos pasos.',
  turnedOff: 'Se ha desactivado la verificación en dos pasos.',
  scan: 'Escanea este código QR con una aplicación de autenticación (por ejemplo Google Authenticator, Microsoft Authenticator o FreeOTP).',
  openInApp: 'Abrir en una aplicación de autenticación de este dispositivo',
  manual: '¿No puedes escanearlo? Introduce esta clave en la aplicación:',
  qrLabel: 'Código QR para añadir %{account} a una aplicación de autenticación',
  codeHelp: 'El código que muestra la aplicación ahora mismo.',
  loadError: 'No se ha podido consultar la verificación en dos pasos.',
  errors: {
    wrongSetupCode: 'El código no es correcto. Comprueba que la hora de tu móvil sea correcta e introduce el código actual.',
    wrongCode: 'El código no es correcto o ya se ha usado. Espera al siguiente código de la aplicación y vuelve a intentarlo.',
    sessionExpired: 'El inicio de sesión ha tardado demasiado. Vuelve a iniciar sesión.',
    signInAgain: 'Vuelve a iniciar sesión con tu correo y tu contraseña.',
  },
  validation: {
    required: 'Introduce el código de la aplicación',
  },
  signIn: {
    subtitle: 'Introduce el código que muestra tu aplicación de autenticación.',
  },
  setup: {
    subtitle: 'Tu rol exige la verificación en dos pasos. Añade tu cuenta a una aplicación de autenticación e introduce el código que muestra.',
  },
} satisfies DeepPartial<typeof mx>

export const twoStep: typeof mx = variantOf(mx, differences)
