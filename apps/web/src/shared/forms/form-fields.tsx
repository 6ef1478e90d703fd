import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useFieldErrorText } from './form-errors';

interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
}

type TextProps<T extends FieldValues> = FieldProps<T> &
  Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error'> & {
    /** Stores a cleared input as undefined, for optional fields where blank means "leave unchanged". */
    blankAsUndefined?: boolean;
  };

/** A text input bound to the form, showing the translated validation message under it. */
export function TextInput<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  blankAsUndefined,
  ...rest
}: TextProps<T>) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          {...field}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(blankAsUndefined && !event.target.value ? undefined : event)}
          inputRef={field.ref}
          label={label}
          error={Boolean(fieldState.error)}
          helperText={errorText(fieldState.error) ?? helperText}
        />
      )}
    />
  );
}

type SelectProps<T extends FieldValues> = TextProps<T> & {
  options: readonly { value: string | number; label: string }[];
};

export function SelectInput<T extends FieldValues>({ options, ...props }: SelectProps<T>) {
  return (
    <TextInput {...props} select>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextInput>
  );
}

interface SwitchProps<T extends FieldValues> extends FieldProps<T> {
  /** The values stored for on and off; the contract spells some flags as strings ('enabled'/'disabled'). */
  values?: readonly [on: unknown, off: unknown];
  disabled?: boolean;
}

export function SwitchInput<T extends FieldValues>({
  control,
  name,
  label,
  values = [true, false],
  disabled,
}: SwitchProps<T>) {
  const [on, off] = values;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Switch
              checked={field.value === on}
              onChange={(event) => field.onChange(event.target.checked ? on : off)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}
