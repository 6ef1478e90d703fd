const supported = () => typeof Notification !== 'undefined';

/** Browsers only ask for permission from a user gesture; call from one. */
export function askNotificationPermission() {
  if (supported() && Notification.permission === 'default') void Notification.requestPermission();
}

interface DesktopNotice {
  title: string;
  body: string;
  /** Notices with the same tag replace each other: one per conversation. */
  tag: string;
  icon?: string;
  onClick: () => void;
}

export function showDesktopNotification({ title, body, tag, icon, onClick }: DesktopNotice) {
  if (!supported() || Notification.permission !== 'granted') return;
  const notice = new Notification(title, { body, tag, icon });
  notice.onclick = () => {
    window.focus();
    onClick();
    notice.close();
  };
}
