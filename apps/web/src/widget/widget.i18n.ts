/** The widget is embedded on customers' sites: it carries its own few strings, not the app's bundle. */
const texts = {
  'pt-BR': {
    title: 'Fale conosco',
    intro: 'Deixe seu nome e comece a conversa.',
    name: 'Seu nome',
    email: 'E-mail (opcional)',
    phone: 'Telefone (opcional)',
    start: 'Iniciar conversa',
    placeholder: 'Escreva sua mensagem…',
    send: 'Enviar',
    close: 'Fechar',
    unavailable: 'Este chat não está disponível.',
    offline: 'Reconectando…',
    nameInvalid: 'Informe seu nome (2 a 50 caracteres).',
    emailInvalid: 'E-mail inválido.',
    failed: 'Não foi possível enviar. Tente novamente.',
    empty: 'Envie uma mensagem para começar.',
    closed: 'Esta conversa foi encerrada.',
    newConversation: 'Iniciar nova conversa',
    tooMany: 'Muitas mensagens em pouco tempo. Aguarde um momento.',
    deleted: 'Mensagem apagada',
    edited: 'editada',
  },
  en: {
    title: 'Chat with us',
    intro: 'Tell us your name to start the conversation.',
    name: 'Your name',
    email: 'E-mail (optional)',
    phone: 'Phone (optional)',
    start: 'Start chat',
    placeholder: 'Write your message…',
    send: 'Send',
    close: 'Close',
    unavailable: 'This chat is not available.',
    offline: 'Reconnecting…',
    nameInvalid: 'Enter your name (2 to 50 characters).',
    emailInvalid: 'Invalid e-mail.',
    failed: 'Could not send. Please try again.',
    empty: 'Send a message to start.',
    closed: 'This conversation was closed.',
    newConversation: 'Start a new conversation',
    tooMany: 'Too many messages in a short time. Please wait a moment.',
    deleted: 'Message deleted',
    edited: 'edited',
  },
  es: {
    title: 'Habla con nosotros',
    intro: 'Dinos tu nombre para iniciar la conversación.',
    name: 'Tu nombre',
    email: 'Correo (opcional)',
    phone: 'Teléfono (opcional)',
    start: 'Iniciar chat',
    placeholder: 'Escribe tu mensaje…',
    send: 'Enviar',
    close: 'Cerrar',
    unavailable: 'Este chat no está disponible.',
    offline: 'Reconectando…',
    nameInvalid: 'Indica tu nombre (2 a 50 caracteres).',
    emailInvalid: 'Correo inválido.',
    failed: 'No se pudo enviar. Inténtalo de nuevo.',
    empty: 'Envía un mensaje para empezar.',
    closed: 'Esta conversación fue cerrada.',
    newConversation: 'Iniciar una nueva conversación',
    tooMany: 'Demasiados mensajes en poco tiempo. Espera un momento.',
    deleted: 'Mensaje eliminado',
    edited: 'editado',
  },
  tr: {
    title: 'Bize yazın',
    intro: 'Sohbete başlamak için adınızı yazın.',
    name: 'Adınız',
    email: 'E-posta (isteğe bağlı)',
    phone: 'Telefon (isteğe bağlı)',
    start: 'Sohbeti başlat',
    placeholder: 'Mesajınızı yazın…',
    send: 'Gönder',
    close: 'Kapat',
    unavailable: 'Bu sohbet kullanılamıyor.',
    offline: 'Yeniden bağlanıyor…',
    nameInvalid: 'Adınızı girin (2 ile 50 karakter).',
    emailInvalid: 'Geçersiz e-posta.',
    failed: 'Gönderilemedi. Lütfen tekrar deneyin.',
    empty: 'Başlamak için bir mesaj gönderin.',
    closed: 'Bu sohbet kapatıldı.',
    newConversation: 'Yeni bir sohbet başlat',
    tooMany: 'Kısa sürede çok fazla mesaj. Lütfen biraz bekleyin.',
    deleted: 'Mesaj silindi',
    edited: 'düzenlendi',
  },
} as const;

export type WidgetText = keyof (typeof texts)['pt-BR'];
export type WidgetLanguage = keyof typeof texts;

export function pickLanguage(requested: string | null, browser: readonly string[]): WidgetLanguage {
  for (const candidate of [requested, ...browser]) {
    if (!candidate) continue;
    if (candidate in texts) return candidate as WidgetLanguage;
    const base = candidate.split('-')[0] ?? '';
    if (base === 'pt') return 'pt-BR';
    if (base in texts) return base as WidgetLanguage;
  }
  return 'pt-BR';
}

export const widgetText = (language: WidgetLanguage) => (key: WidgetText) => texts[language][key];
export const widgetLanguages = Object.keys(texts) as WidgetLanguage[];
export const widgetTexts = texts;
