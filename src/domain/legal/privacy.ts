import { DELETED_USER } from '../accounts/deleted-user';
import {
  CONFIRMATION_LINK_HOURS,
  EMAIL_CHANGE_HOURS,
  EMAIL_CHANGE_UNDO_DAYS,
  RESET_LINK_HOURS,
  SESSION_ABSOLUTE_DAYS,
  SESSION_DAYS,
  UNCONFIRMED_SIGN_UP_HOURS,
  UNREMEMBERED_SESSION_HOURS,
} from '../accounts/lifetimes';
import { paths } from '../paths';
import type { LegalDocument } from './legal-document';

// The Privacy Policy. Every sentence states what the code does: what is stored and where, who may
// see it, how long it is kept, the cookies, and the export and deletion on the account page.

/**
 * Every cookie the app sets, by the name it has on a plain-HTTP origin (on HTTPS the session
 * cookie takes the `__Secure-` prefix). Better Auth sets both at sign-in; nothing else sets any.
 */
export const siteCookies = [
  {
    name: 'better-auth.session_token',
    purpose:
      `Keeps you signed in. Scripts cannot read it and it is sent only to Ticklist. With “Remember me” it lasts ` +
      `${SESSION_DAYS} days; without, it ends when you close the browser.`,
  },
  {
    name: 'better-auth.dont_remember',
    purpose: `Set when you sign in without “Remember me”, so that your session is not renewed and ends within a day.`,
  },
] as const;

const settings = { text: 'Settings', to: paths.me('settings') };
const hours = (count: number) => `${count} hour${count === 1 ? '' : 's'}`;

export const privacyPolicy: LegalDocument = {
  path: paths.privacy(),
  title: 'Privacy Policy',
  description:
    'What Ticklist stores about you, who can see it, how long it is kept, the cookies it sets, and how to download or delete your data.',
  lastUpdated: '2026-11-28',
  intro:
    'This page says what Ticklist stores about you, who can see it, how long it is kept, and how to take it with you or delete it. There are no trackers and no ads.',
  sections: [
    {
      id: 'what-we-store',
      heading: 'What we store',
      blocks: [
        'When you create an account:',
        {
          items: [
            'Your email address, to sign you in and to send you the emails described below.',
            'Your password, only as an Argon2id hash: the password itself is never stored.',
            'Your profile: username, profile name, avatar (one of the emoji offered), whether your profile is public or private, whether we email you notifications, and your colour theme.',
          ],
        },
        'As you use Ticklist:',
        {
          items: [
            'The lists you make or clone: title, description, items, tags, difficulty, time and who may see it.',
            'Your completions: the items you check off on any list, which make up your progress.',
            'Your likes, comments and follows, your library (groups and saved lists), your notifications and your badges.',
          ],
        },
      ],
    },
    {
      id: 'security-records',
      heading: 'Sign-in and security records',
      blocks: [
        {
          items: [
            [
              'Sessions: for each browser you are signed in on, when you signed in, when and from which IP address it was last used, and the browser’s user agent (shown as the device under Sessions in ',
              settings,
              ').',
            ],
            'Rate-limit counters: how many attempts came from an IP address and from your account and, for signing in, signing up and emailed links, for the email address entered. They slow down password guessing and spam.',
            'The server’s log: sign-ins, failed sign-ins, password and email changes and refused requests, with your account’s id and your IP address, and the address and subject of each email sent. Passwords, tokens and cookies are never logged.',
          ],
        },
      ],
    },
    {
      id: 'who-can-see-what',
      heading: 'What other people can see',
      blocks: [
        'Ticklist is a community site: what you publish can be seen by anyone, signed in or not, and by search engines.',
        {
          items: [
            'Public lists, with their items, tags, counts of uses, likes and clones, and you as their author. They appear in Browse, search, Discover and your profile, and while your profile is public in the sitemap and the feeds.',
            'Lists for “Anyone with the link” open for whoever has their address but are listed nowhere. Private lists are yours alone.',
            'Comments, to anyone who can open the list they are on.',
            'Your profile while it is public: profile name, username, avatar, public lists, badges, and who you follow and who follows you. A private profile shows others only your username and avatar, and nobody else sees your profile name anywhere (your lists show “Anonymous”).',
            'When you like, clone or comment on a list, its author is notified, naming you; when you follow someone, so are they.',
          ],
        },
        'Nobody else sees your email address, your sessions, your library or which items you have checked off: completions only add to a list’s count of uses.',
      ],
    },
    {
      id: 'emails',
      heading: 'Emails',
      blocks: [
        'We email you about your account: to confirm your address, to reset your password, when someone tries to sign up with your address, and to confirm or undo a change of address. These keep your account safe, so they cannot be turned off.',
        [
          'We also email you when someone follows you or comments on one of your lists, at most one email an hour of each kind. These are on when you sign up; turn them off in ',
          settings,
          ' under Email notifications. Each of them links there.',
        ],
        'Emails go out through the mail server the site is set up with. A site set up without one (as on a developer’s machine) sends none: it keeps them in an outbox in its own database, and does not delete them, even with the account.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and your browser’s storage',
      blocks: [
        'Ticklist sets cookies only when you sign in, and only these two:',
        { items: siteCookies.map((cookie) => [{ code: cookie.name }, `: ${cookie.purpose}`]) },
        [
          'On a secure (HTTPS) site the first is named ',
          { code: `__Secure-${siteCookies[0].name}` },
          '. Signing out clears them, and so does deleting your account.',
        ],
        'Ticklist also keeps a few things in your browser’s own storage, which are never sent to us: your colour theme; the items you check off while signed out, kept only in that browser; and, for the open tab only, your last Browse search (for “Back to Browse”) and a one-off message shown after the page reloads.',
      ],
    },
    {
      id: 'no-trackers',
      heading: 'No trackers, no ads',
      blocks: [
        'Ticklist loads its scripts, styles, images and fonts from itself only: its Content-Security-Policy tells your browser to refuse anything else. There are no analytics, advertising or social media scripts and no third-party cookies. Apart from what you publish, and the mail server that delivers our emails, your data goes to nobody, and it is never sold.',
      ],
    },
    {
      id: 'how-long',
      heading: 'How long we keep it',
      blocks: [
        {
          items: [
            'Your account, lists, comments and everything else you make: until you delete them. A deleted list or comment is removed at once, not hidden.',
            `An account whose email address is not confirmed within ${hours(UNCONFIRMED_SIGN_UP_HOURS)} is deleted, and its username freed.`,
            `A session ends after ${SESSION_DAYS} days without use, and ${SESSION_ABSOLUTE_DAYS} days after you signed in at the latest; signed in without “Remember me”, ${hours(UNREMEMBERED_SESSION_HOURS)} after you signed in. Signing out, signing out everywhere else, and changing your password or email address delete those sessions’ records; the record of a session that simply ran out is deleted within the hour.`,
            `Emailed links work for a limited time: a password reset for ${hours(RESET_LINK_HOURS)}, an address confirmation for ${hours(CONFIRMATION_LINK_HOURS)}, the confirmation of a new address for ${hours(EMAIL_CHANGE_HOURS)}, and the link that undoes an address change for ${EMAIL_CHANGE_UNDO_DAYS} days.`,
            'Rate-limit counters are deleted about a day after they start.',
            'A notification email waiting to be sent is deleted once it is sent, or if you have turned these emails off by then.',
            'How long the server’s log, and any backup of the database, is kept is up to whoever hosts the site: the app itself writes no log file and makes no backups.',
          ],
        },
      ],
    },
    {
      id: 'download-your-data',
      heading: 'Download your data',
      blocks: [
        [
          'In ',
          settings,
          ', under Your data, “Download my data” saves a JSON file of your profile and email address, your lists with their items and tags, your progress, the lists you like, your comments, library, follows, notifications and badges.',
        ],
      ],
    },
    {
      id: 'delete-your-account',
      heading: 'Delete your account',
      blocks: [
        [
          'In ',
          settings,
          ', under Your data, “Delete my account” asks for your password, then deletes at once: your account and its sessions, your profile, your private and unlisted lists, your progress, likes, library, follows and followers, notifications and badges.',
        ],
        `Your public lists and your comments are deleted too, unless you choose to keep them for others: they then stay under “${DELETED_USER.name}”, with nothing of your name, email address or id.`,
        `Some things stay because they are other people’s: the copies they cloned from your lists, and their notifications of what you did, which then name “${DELETED_USER.name}”. Rate-limit counters and the server’s log are kept as said above.`,
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        'When what Ticklist stores, or what it does with it, changes, this page changes with it and its date moves on.',
      ],
    },
  ],
};
