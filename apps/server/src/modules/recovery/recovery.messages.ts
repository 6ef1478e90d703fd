import { type Language, RECOVERY_CODE_MINUTES } from '@balcao/shared';

/** The code's message in the user's own language (the profile's), since they are not signed in to choose. */
const texts: Record<Language, { subject: string; body: (code: string) => string }> = {
  'pt-BR': {
    subject: 'Código de verificação',
    body: (code) =>
      `Seu código de verificação é: ${code}. Ele vale por ${RECOVERY_CODE_MINUTES} minutos. Se você não pediu, ignore esta mensagem.`,
  },
  en: {
    subject: 'Verification code',
    body: (code) =>
      `Your verification code is: ${code}. It is valid for ${RECOVERY_CODE_MINUTES} minutes. If you did not ask for it, ignore this message.`,
  },
  es: {
    subject: 'Código de verificación',
    body: (code) =>
      `Su código de verificación es: ${code}. Es válido por ${RECOVERY_CODE_MINUTES} minutos. Si no lo solicitó, ignore este mensaje.`,
  },
  tr: {
    subject: 'Doğrulama kodu',
    body: (code) =>
      `Doğrulama kodunuz: ${code}. ${RECOVERY_CODE_MINUTES} dakika geçerlidir. Siz istemediyseniz bu mesajı dikkate almayın.`,
  },
};

export const recoveryText = (language: string) => texts[language as Language] ?? texts['pt-BR'];
