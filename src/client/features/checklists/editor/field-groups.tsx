import { DescriptionField, TagsField, TimeAndDifficultyFields, TitleField, VisibilityField } from './editor-fields';

/** The list's name and what it is for: the wizard's first step, and the top of the one-page form. */
export function BasicInfoFields({ suggestedTitleLength }: { suggestedTitleLength?: number }) {
  return (
    <>
      <TitleField suggestedLength={suggestedTitleLength} />
      <DescriptionField />
    </>
  );
}

/** Tags, time, difficulty and visibility: the wizard's last step, and the end of the one-page form. */
export function DetailFields({ dropsBlankRows = false }: { dropsBlankRows?: boolean }) {
  return (
    <>
      <TagsField dropsBlankRows={dropsBlankRows} />
      <TimeAndDifficultyFields />
      <VisibilityField />
    </>
  );
}
