import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { AVATAR_EMOJIS, ownProfileMessages, profileUpdateSchema, type Me } from '@/domain/accounts/profile';
import { filterUsernameInput, USERNAME_MAX_LENGTH, usernameMessages } from '@/domain/accounts/username';
import { RadioGroup, RadioGroupItem } from '@/client/components/ui/radio-group';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { FieldError, Input, Label } from '@/client/components/ui/input';
import { Switch } from '@/client/components/ui/switch';
import { ApiError, errorMessage } from '@/client/lib/api';
import { useFlashMessage } from '@/client/lib/use-flash-message';
import { usernameStatusMessage, useUsernameCheck } from './use-username-check';
import { ChangeEmailDialog, ChangePasswordDialog } from './account-dialogs';
import { useChangeUsername, useUpdateProfile } from '@/client/api/me';
import { Section } from '@/client/components/ui/section';
import { paths } from '@/domain/paths';

const MESSAGE_MS = 3000;

/** The Account Info tab: the e-mail with Change Email and Change Password, the username, the profile. */
export function AccountTab({ me }: { me: Me }) {
  const [openDialog, setOpenDialog] = useState<'email' | 'password' | null>(null);
  return (
    <div className="space-y-6">
      <Section title="Account Info">
        <dl className="space-y-5">
          <div>
            <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">Email</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-3">
              <span className="min-w-0 break-all text-slate-900 dark:text-slate-100">{me.email}</span>
              <span className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => setOpenDialog('email')}>
                  <Mail className="h-4 w-4" aria-hidden />
                  Change Email
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setOpenDialog('password')}>
                  <KeyRound className="h-4 w-4" aria-hidden />
                  Change Password
                </Button>
              </span>
            </dd>
          </div>
        </dl>
        <UsernameField current={me.username} />
      </Section>
      <ProfileForm me={me} />
      <ChangeEmailDialog
        isOpen={openDialog === 'email'}
        onOpenChange={(open) => setOpenDialog(open ? 'email' : null)}
      />
      <ChangePasswordDialog
        isOpen={openDialog === 'password'}
        onOpenChange={(open) => setOpenDialog(open ? 'password' : null)}
      />
    </div>
  );
}

/** Change Username is disabled when empty or unchanged; checked on blur and before saving. */
export function UsernameField({ current }: { current: string }) {
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const check = useUsernameCheck();
  const change = useChangeUsername();
  const success = useFlashMessage(MESSAGE_MS);
  const [isSaving, setSaving] = useState(false);
  const isUnchanged = value === current;

  const save = async () => {
    setError(null);
    setSaving(true);
    const status = await check.check(value);
    if (status === 'taken' || status === 'invalid' || status === 'error') {
      setError(usernameStatusMessage[status] ?? usernameMessages.checkFailed);
      setSaving(false);
      return;
    }
    change.mutate(value, {
      onSettled: () => setSaving(false),
      onSuccess: () => success.show(ownProfileMessages.updatedSuccessfully),
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.status < 500 ? failure.message : ownProfileMessages.failedUsername,
        ),
    });
  };

  const shownError = error ?? usernameStatusMessage[check.status] ?? null;
  return (
    <div className="mt-5">
      <Label htmlFor="username">Username</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="username"
          value={value}
          autoComplete="username"
          maxLength={USERNAME_MAX_LENGTH}
          aria-invalid={Boolean(shownError)}
          aria-describedby="username-note username-error"
          onChange={(event) => {
            setValue(filterUsernameInput(event.target.value));
            setError(null);
            check.reset();
          }}
          onBlur={() => {
            if (value && !isUnchanged) void check.check(value);
          }}
        />
        <Button
          variant="secondary"
          className="shrink-0"
          disabled={!value || isUnchanged || isSaving}
          onClick={() => void save()}
        >
          {isSaving ? 'Saving...' : 'Change Username'}
        </Button>
      </div>
      <FieldError id="username-error">{shownError ?? undefined}</FieldError>
      <p id="username-note" className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
        Your public profile is at{' '}
        <Link to={paths.user(current)} className="font-medium text-brand-600 hover:underline dark:text-brand-200">
          /user/{current}
        </Link>
      </p>
      {/* Always present (empty until a message), so screen readers read the text out when it comes. */}
      <p role="status" className="mt-2 text-sm font-medium text-green-700 empty:hidden dark:text-green-400">
        {success.message}
      </p>
    </div>
  );
}

type ProfileInput = z.input<typeof profileUpdateSchema>;

export function ProfileForm({ me, title = 'Profile' }: { me: Me; title?: string }) {
  const update = useUpdateProfile();
  const saved = useFlashMessage(MESSAGE_MS);
  const [failure, setFailure] = useState<string | null>(null);
  const currentAvatar = (AVATAR_EMOJIS as readonly string[]).includes(me.avatarUrl ?? '') ? me.avatarUrl : null;
  const form = useForm<ProfileInput, unknown, z.output<typeof profileUpdateSchema>>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      profileName: me.profileName ?? '',
      avatarUrl: currentAvatar as ProfileInput['avatarUrl'],
      isPublic: me.isPublic,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    setFailure(null);
    saved.clear();
    update.mutate(input, {
      onSuccess: () => saved.show(ownProfileMessages.updated),
      onError: (error) => setFailure(errorMessage(error, ownProfileMessages.failedProfile)),
    });
  });

  return (
    <Section title={title} description="How other people see you on Ticklist.">
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <div>
          <Label htmlFor="profileName">Profile Name</Label>
          <Input
            id="profileName"
            autoComplete="name"
            required
            aria-invalid={Boolean(errors.profileName)}
            aria-describedby="profileName-error"
            {...form.register('profileName')}
          />
          <FieldError id="profileName-error">{errors.profileName?.message}</FieldError>
        </div>

        <Controller
          control={form.control}
          name="isPublic"
          render={({ field }) => (
            <div className="flex items-center gap-3">
              <Switch id="isPublic" checked={field.value} onCheckedChange={field.onChange} />
              <label htmlFor="isPublic" className="text-sm text-slate-700 dark:text-slate-300">
                {field.value ? ownProfileMessages.publicLabel : ownProfileMessages.privateLabel}
              </label>
            </div>
          )}
        />

        <Controller
          control={form.control}
          name="avatarUrl"
          render={({ field }) => (
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Avatar</legend>
              <RadioGroup
                variant="tiles"
                value={field.value ?? ''}
                onValueChange={(value) => field.onChange(value)}
                aria-label="Avatar"
                className="grid-cols-5 gap-2 sm:grid-cols-10"
              >
                {AVATAR_EMOJIS.map((emoji) => (
                  <RadioGroupItem
                    key={emoji}
                    value={emoji}
                    variant="tiles"
                    aria-label={`Avatar ${emoji}`}
                    className="flex aspect-square items-center justify-center bg-slate-100 text-2xl hover:bg-slate-200 dark:bg-slate-800 dark:hover:bg-slate-700"
                  >
                    <span aria-hidden>{emoji}</span>
                  </RadioGroupItem>
                ))}
              </RadioGroup>
              <FieldError>{errors.avatarUrl?.message}</FieldError>
            </fieldset>
          )}
        />

        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? ownProfileMessages.saving : 'Save Changes'}
          </Button>
          <p role="status" className="text-sm font-medium text-green-700 empty:hidden dark:text-green-400">
            {saved.message}
          </p>
        </div>
      </form>
    </Section>
  );
}
