import type { WebchatMessage } from '@balcao/shared';
import { RichText } from '../modules/messages/media/rich-text.js';
import type { widgetText } from './widget.i18n.js';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function Media({
  media,
  t,
}: {
  media: NonNullable<WebchatMessage['media']>;
  t: ReturnType<typeof widgetText>;
}) {
  if (media.type === 'image')
    return (
      <a href={media.url} target="_blank" rel="noopener noreferrer" className="bubble__media">
        <img src={media.url} alt={media.name ?? ''} loading="lazy" />
      </a>
    );
  if (media.type === 'audio' || media.type === 'video') {
    const Player = media.type;
    return <Player src={media.url} controls preload="metadata" className={`bubble__${media.type}`} />;
  }
  return (
    <a
      href={media.url}
      target="_blank"
      rel="noopener noreferrer"
      download={media.name ?? true}
      className="bubble__doc"
    >
      📄 {media.name ?? t('document')}
    </a>
  );
}

/** One message of the conversation as the visitor sees it: quote, attachment, text, reactions. */
export function WidgetBubble({ message, t }: { message: WebchatMessage; t: ReturnType<typeof widgetText> }) {
  return (
    <li className={message.fromVisitor ? 'bubble bubble--mine' : 'bubble'}>
      {message.quoted && (
        <blockquote className="bubble__quote" aria-label={t('reply')}>
          {message.quoted.deleted ? <em>{t('deleted')}</em> : message.quoted.body}
        </blockquote>
      )}
      {message.deleted ? (
        <span className="bubble__body">
          <em>{t('deleted')}</em>
        </span>
      ) : (
        <>
          {message.media && <Media media={message.media} t={t} />}
          {message.body && (
            <span className="bubble__body">
              <RichText text={message.body} />
            </span>
          )}
        </>
      )}
      {message.edited && !message.deleted && <span className="bubble__time">{t('edited')}</span>}
      <time className="bubble__time">{time(message.createdAt)}</time>
      {message.reactions.length > 0 && (
        <span className="bubble__reactions">{message.reactions.join(' ')}</span>
      )}
    </li>
  );
}
