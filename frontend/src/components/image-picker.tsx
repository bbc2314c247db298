import { Box, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { MAX_IMAGE_BYTES } from '../../../shared/images.js';
import { IMAGE_ACCEPT, chosenImageProblem } from '../lib/image-upload.js';
import { Controller, type Control, type FieldValues, type Path, type UseFormClearErrors } from 'react-hook-form';

interface ImagePickerProps {
  label: string;
  /** The accessible name when the visible label repeats (the rows of the bulk forms: 'Image, row 2'). */
  ariaLabel?: string;
  /** The picture chosen in this form, not yet uploaded. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** The record's picture now (edit forms), shown until another is chosen. */
  currentUrl?: string;
  /** A problem the form found (e.g. 'Image is required.'); the picker's own type and size problems come first. */
  error?: ReactNode;
  required?: boolean;
  /** A small preview beside the field, for the rows of the bulk product forms. */
  compact?: boolean;
}

const HINT = `PNG, JPEG, WebP or GIF, up to ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;

/** The object URL of a chosen file for its preview, released when the file changes or the field goes away. */
function usePreviewUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return undefined;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * Choosing a picture for a category, product or policy: the type and size are checked as soon as it is chosen
 * (the server's rules and messages, shared/images.ts), so a PDF or a 20 MB photo is refused before any upload,
 * and the picture is previewed.
 */
export function ImagePicker({ label, ariaLabel, file, onChange, currentUrl, error, required, compact = false }: ImagePickerProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = usePreviewUrl(file);
  const shown = previewUrl ?? currentUrl;

  const choose = (chosen: File | null) => {
    const refused = chosen ? chosenImageProblem(chosen) : undefined;
    setProblem(refused ?? null);
    onChange(refused ? null : chosen);
  };

  const placeholder = compact ? 'Choose image' : currentUrl ? 'Choose another image to replace it' : 'Choose an image';
  const alt = file ? `Preview of ${file.name}` : `Current ${label.toLowerCase()}`;
  const input = (
    <FileInput
      label={label}
      aria-label={ariaLabel}
      withAsterisk={required}
      description={compact ? undefined : HINT}
      placeholder={placeholder}
      accept={IMAGE_ACCEPT}
      value={file}
      onChange={choose}
      clearable
      clearButtonProps={{ 'aria-label': `Remove the chosen ${label.toLowerCase()}` }}
      leftSection={<IconPhoto size={16} aria-hidden />}
      error={problem ?? error}
      size={compact ? 'sm' : 'md'}
      // The small preview sits beside the field itself, level with it whatever the label and message take.
      inputContainer={
        compact
          ? (children) => (
              <Group gap="xs" wrap="nowrap">
                <Box flex={1} miw={0}>
                  {children}
                </Box>
                <Thumbnail url={shown} alt={alt} size={36} />
              </Group>
            )
          : undefined
      }
    />
  );

  if (compact) return input;

  return (
    <Stack gap="xs">
      {input}
      {shown && (
        <Box>
          <Text size="xs" c="dimmed" mb={4}>
            {file ? 'Preview' : 'Current image'}
          </Text>
          <Image
            src={shown}
            alt={alt}
            h={180}
            w="auto"
            maw="100%"
            fit="contain"
            radius="md"
            bd="1px solid var(--mantine-color-default-border)"
            bg="var(--mantine-color-gray-0)"
          />
        </Box>
      )}
    </Stack>
  );
}

/** A list cell's small picture, or an empty frame when there is none. */
export function Thumbnail({ url, alt, size = 44 }: { url?: string; alt: string; size?: number }) {
  if (!url) {
    return (
      <Box
        w={size}
        h={size}
        bd="1px dashed var(--mantine-color-default-border)"
        style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
        aria-hidden
      />
    );
  }
  return (
    <Image
      src={url}
      alt={alt}
      w={size}
      h={size}
      fit="cover"
      radius="sm"
      bd="1px solid var(--mantine-color-default-border)"
      style={{ flexShrink: 0 }}
      loading="lazy"
    />
  );
}

/**
 * The required picture of a form built on `imageChoice` (lib/image-upload.ts): the chosen file under the form's
 * `file` field, or the current picture of the record being edited.
 */
export function ImageField<T extends FieldValues & { file?: File | null }>({
  control,
  clearErrors,
  label,
  currentUrl,
}: {
  control: Control<T>;
  clearErrors: UseFormClearErrors<T>;
  label: string;
  currentUrl?: string;
}) {
  const name = 'file' as Path<T>;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImagePicker
          label={label}
          required
          file={(field.value as File | null | undefined) ?? null}
          onChange={(file) => {
            field.onChange(file);
            if (file) clearErrors(name);
          }}
          currentUrl={currentUrl}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

