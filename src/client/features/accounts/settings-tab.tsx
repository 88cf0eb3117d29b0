import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { THEMES, type Me, type Theme } from '@/domain/accounts/profile';
import { upstreamMessages } from '@/domain/checklists/upstream-review';
import { RadioGroup, RadioGroupItem } from '@/client/components/ui/radio-group';
import { Alert } from '@/client/components/ui/alert';
import { Switch } from '@/client/components/ui/switch';
import { setTheme, useTheme } from '@/client/lib/theme';
import { useUpdateSettings } from '@/client/api/me';
import { Section } from '@/client/components/ui/section';
import { BlockedUsersSection } from './blocked-users-section';
import { SessionsSection } from './sessions-section';
import { YourDataSection } from './your-data-section';

const SAVE_FAILED = 'Failed to save settings';

const themeChoices: Record<Theme, { label: string; icon: LucideIcon }> = {
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
  system: { label: 'System', icon: Monitor },
};

/** Settings, all of them working: the theme, e-mail notifications, notifications of a clone's original, sessions, blocked users and the user's own data. */
export function SettingsTab({ me }: { me: Me }) {
  const theme = useTheme();
  const update = useUpdateSettings();
  const [failure, setFailure] = useState<string | null>(null);

  const chooseTheme = (next: Theme) => {
    const previous = theme;
    setFailure(null);
    setTheme(next);
    update.mutate(
      { theme: next },
      {
        onError: () => {
          setTheme(previous);
          setFailure(SAVE_FAILED);
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Section title="Appearance" description="Choose how Ticklist looks. System follows your device.">
        <RadioGroup
          variant="tiles"
          value={theme}
          onValueChange={(value) => {
            const next = THEMES.find((candidate) => candidate === value);
            if (next) chooseTheme(next);
          }}
          aria-label="Theme"
          disabled={update.isPending}
          className="grid-cols-3 gap-3"
        >
          {THEMES.map((value) => {
            const { label, icon: Icon } = themeChoices[value];
            return (
              <RadioGroupItem
                key={value}
                value={value}
                variant="tiles"
                className="flex flex-col items-center gap-2 px-3 py-4 text-sm font-medium text-slate-700 data-[state=checked]:text-brand-700 dark:text-slate-200 dark:data-[state=checked]:text-white"
              >
                <Icon className="h-5 w-5" aria-hidden />
                {label}
              </RadioGroupItem>
            );
          })}
        </RadioGroup>
      </Section>

      <Section title="Email notifications">
        <EmailNotificationsSwitch me={me} onFailure={setFailure} />
      </Section>

      <Section title={upstreamMessages.notificationsSection}>
        <SettingSwitch
          setting="upstreamNotifications"
          me={me}
          onFailure={setFailure}
          label={upstreamMessages.notificationsLabel}
          description={upstreamMessages.notificationsDescription}
        />
      </Section>

      <SessionsSection />

      <BlockedUsersSection />

      <YourDataSection />
    </div>
  );
}

/** The stored e-mail notifications setting (decision 009), shared by /me Settings and the dashboard profile. */
export function EmailNotificationsSwitch({ me, onFailure }: { me: Me; onFailure: (message: string | null) => void }) {
  return (
    <SettingSwitch
      setting="emailNotifications"
      me={me}
      onFailure={onFailure}
      label="Email me about new followers and comments on my lists"
      description={`At most one email an hour for each kind, sent to ${me.email}.`}
    />
  );
}

/** One stored yes-or-no setting as a switch with its label and what it does under it. */
function SettingSwitch({
  setting,
  me,
  onFailure,
  label,
  description,
}: {
  setting: 'emailNotifications' | 'upstreamNotifications';
  me: Me;
  onFailure: (message: string | null) => void;
  label: string;
  description: string;
}) {
  const update = useUpdateSettings();
  return (
    <div className="flex items-start gap-3">
      <Switch
        id={setting}
        checked={me[setting]}
        disabled={update.isPending}
        onCheckedChange={(checked) => {
          onFailure(null);
          update.mutate({ [setting]: checked }, { onError: () => onFailure(SAVE_FAILED) });
        }}
        aria-describedby={`${setting}-help`}
      />
      {/* Shrinks beside the switch, and breaks the address when it is longer than a phone is wide. */}
      <div className="min-w-0">
        <label htmlFor={setting} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        <p id={`${setting}-help`} className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">
          {description}
        </p>
      </div>
    </div>
  );
}
