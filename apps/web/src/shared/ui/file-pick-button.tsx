import Button, { type ButtonProps } from '@mui/material/Button';

type Props = Omit<ButtonProps<'label'>, 'component' | 'onChange'> & {
  accept: string;
  onPick: (file: File) => void;
};

/**
 * A button that opens the file chooser. The input is emptied after each pick so that choosing the
 * same file again (after removing it) is still seen as a pick.
 */
export function FilePickButton({ accept, onPick, children, ...button }: Props) {
  return (
    <Button component="label" {...button}>
      {children}
      <input
        hidden
        type="file"
        accept={accept}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
    </Button>
  );
}
