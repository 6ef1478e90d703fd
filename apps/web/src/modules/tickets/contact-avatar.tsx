import Avatar from '@mui/material/Avatar';

/** Each at least 4.5:1 against the white initials (WCAG AA), in both themes. */
const palette = ['#0b6e4f', '#1f4e79', '#8e44ad', '#c0392b', '#a04000', '#117864', '#2c3e50', '#5d6d6e'];

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
  return palette[Math.abs(hash) % palette.length] ?? '#5d6d6e';
}

/** Decorative: the name is always beside it or in the label of the button around it. */
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
      aria-hidden
      src={picture ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: colorOf(name), color: '#ffffff', fontSize: size * 0.4 }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
