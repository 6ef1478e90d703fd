import Avatar from '@mui/material/Avatar';

const palette = ['#0b6e4f', '#1f4e79', '#8e44ad', '#c0392b', '#d35400', '#16a085', '#2c3e50', '#7f8c8d'];

/** Up to two initials, and a colour that stays the same for the same name. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return (
    letters
      .map((word) => Array.from(word ?? '')[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

function colorOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return palette[Math.abs(hash) % palette.length] ?? '#7f8c8d';
}

export function ContactAvatar({
  name,
  picture,
  size = 40,
}: {
  name: string;
  picture: string | null;
  size?: number;
}) {
  return (
    <Avatar
      src={picture ?? undefined}
      alt={name}
      sx={{ width: size, height: size, bgcolor: colorOf(name), fontSize: size * 0.4 }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
