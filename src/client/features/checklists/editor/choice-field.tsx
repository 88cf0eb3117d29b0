import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { ChecklistForm } from '@/domain/checklists/checklist-input';
import { RadioGroup } from '@/client/components/ui/radio-group';

/**
 * A field with a few options to choose from: the fieldset names the group by its legend, and each
 * option (a Radix radio among `children`) is named by its label. `below` stands under the options.
 */
export function ChoiceField({
  name,
  legend,
  describedBy,
  isInvalid,
  variant,
  className,
  below,
  children,
}: {
  name: 'difficulty' | 'visibility';
  legend: string;
  describedBy: string;
  isInvalid?: boolean;
  variant?: 'tiles';
  className?: string;
  below: ReactNode;
  children: ReactNode;
}) {
  const { control } = useFormContext<ChecklistForm>();
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">{legend}</legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RadioGroup
            ref={field.ref}
            variant={variant}
            className={className}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            aria-invalid={isInvalid}
          >
            {children}
          </RadioGroup>
        )}
      />
      {below}
    </fieldset>
  );
}
