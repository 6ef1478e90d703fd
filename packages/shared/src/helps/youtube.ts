const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * A link to one YouTube video: watch (the `v` parameter anywhere in the query), youtu.be, embed
 * (also on youtube-nocookie.com), shorts and live; the id must end where the link's path does.
 */
const VIDEO_LINK =
  /^(?:https?:\/\/)?(?:(?:www\.|m\.)?youtube\.com\/(?:watch\?(?:[^#\s]*&)?v=|embed\/|shorts\/|live\/|v\/)|(?:www\.)?youtube-nocookie\.com\/embed\/|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#/][^\s]*)?$/i;

/**
 * The 11-character id of a YouTube video given as its id or as a link to it, or null for anything
 * else: only that id is stored and embedded, never the link a user typed.
 */
export function youtubeVideoId(input: string): string | null {
  const value = input.trim();
  if (VIDEO_ID.test(value)) return value;
  return VIDEO_LINK.exec(value)?.[1] ?? null;
}

/** The player's address: the privacy-enhanced host, which sets no cookie until the video plays. */
export const youtubeEmbedUrl = (videoId: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;

export const youtubeThumbnailUrl = (videoId: string) =>
  `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/hqdefault.jpg`;
