import { useId, useState, type FormEvent } from 'react';
import { GRANTABLE_ROLES, roleLabels, type GrantableRole } from '@/domain/moderation/roles';
import { roleGrantFormSchema, roleMessages } from '@/domain/moderation/role-admin';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { FieldError, Input, Label } from '@/client/components/ui/input';
import { OptionSelect } from '@/client/components/ui/select';
import { useChangeRole } from '@/client/api/moderation-admin';

/** Grant a role by username: the admins' way to make someone a moderator or an admin. */
export function RolesGrantForm() {
  const usernameId = useId();
  const roleId = useId();
  const errorId = useId();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<GrantableRole>('moderator');
  const [fieldError, setFieldError] = useState<string>();
  const change = useChangeRole();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = roleGrantFormSchema.safeParse({ username, role });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    change.mutate(parsed.data, { onSuccess: () => setUsername('') });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-48">
          <Label htmlFor={usernameId}>{roleMessages.usernameLabel}</Label>
          <Input
            id={usernameId}
            value={username}
            autoComplete="off"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={roleId}>{roleMessages.roleLabel}</Label>
          <OptionSelect
            id={roleId}
            value={role}
            options={GRANTABLE_ROLES}
            labels={roleLabels}
            align="start"
            onChange={setRole}
          />
        </div>
        <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
          {roleMessages.grant}
        </Button>
      </div>
      <FieldError id={errorId}>{fieldError}</FieldError>
      {change.isError ? <Alert tone="error">{change.error.message}</Alert> : null}
      {change.isSuccess ? (
        <Alert tone="success">{roleMessages.changed(change.data.person.username, change.data.person.role)}</Alert>
      ) : null}
    </form>
  );
}
