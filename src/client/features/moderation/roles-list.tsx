import { useQuery } from '@tanstack/react-query';
import { ROLES, roleLabels } from '@/domain/moderation/roles';
import { roleMessages, type RolePerson } from '@/domain/moderation/role-admin';
import { paths } from '@/domain/paths';
import { Link } from 'react-router';
import { Avatar } from '@/client/components/ui/avatar';
import { Card } from '@/client/components/ui/card';
import { OptionSelect } from '@/client/components/ui/select';
import { rolesQuery, useChangeRole } from '@/client/api/moderation-admin';
import { QueueLoadStates } from './queue-load-states';

/** The people with a role, each with a select to change it ('User' takes it away). */
export function RolesList() {
  const roles = useQuery(rolesQuery());
  if (!roles.data)
    return <QueueLoadStates query={roles} loading="Loading the roles" failed={roleMessages.loadFailed} />;
  if (roles.data.people.length === 0) return <p className="text-slate-600 dark:text-slate-400">{roleMessages.empty}</p>;
  return (
    <ul aria-label={roleMessages.title} className="space-y-3">
      {roles.data.people.map((person) => (
        <li key={person.username}>
          <RoleRow person={person} />
        </li>
      ))}
    </ul>
  );
}

function RoleRow({ person }: { person: RolePerson }) {
  const change = useChangeRole();
  return (
    <Card className="flex flex-wrap items-center gap-3 p-4">
      <Avatar emoji={person.avatarUrl} />
      <div className="min-w-0 flex-1">
        <Link
          to={paths.user(person.username)}
          className="block truncate font-semibold text-slate-900 underline-offset-4 hover:underline dark:text-white"
        >
          {person.profileName ?? person.username}
        </Link>
        <p className="truncate text-sm text-slate-500 dark:text-slate-400">@{person.username}</p>
      </div>
      <OptionSelect
        value={person.role}
        options={ROLES}
        labels={roleLabels}
        aria-label={roleMessages.roleOf(person.username)}
        onChange={(role) => change.mutate({ username: person.username, role })}
      />
      {change.isError ? (
        <p role="alert" className="w-full text-sm text-red-600 dark:text-red-400">
          {change.error.message}
        </p>
      ) : null}
    </Card>
  );
}
