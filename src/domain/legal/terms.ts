import { UNCONFIRMED_SIGN_UP_HOURS } from '../accounts/lifetimes';
import { paths } from '../paths';
import type { LegalDocument } from './legal-document';

// The Terms of Service: the rules a person agrees to at sign-up, and what the site does that they
// should know before they publish (who may open, use and clone a list; the limits on posting).
// Nothing here comes from a module with schemas (the username rules' is one): the page would load zod
// with it before it is usable (`npm run size` checks the page's budget).

const settings = { text: 'Settings', to: paths.me('settings') };
const privacy = { text: 'Privacy Policy', to: paths.privacy() };

export const termsOfService: LegalDocument = {
  path: paths.terms(),
  title: 'Terms of Service',
  description:
    'The rules for using Ticklist: your account, what you publish and what others may do with it, fair use, and leaving.',
  lastUpdated: '2026-11-28',
  intro: [
    'These are the rules for using Ticklist. By creating an account you agree to them and to the ',
    privacy,
    ', which says what we store about you and why.',
  ],
  sections: [
    {
      id: 'the-service',
      heading: 'The service',
      blocks: [
        'Ticklist is a community site for making, sharing and working through checklists. Anyone can browse public lists and check off their items without an account (what you check off is then kept only in your browser). An account lets you keep your progress, make and clone lists, save them to your library, like, comment and follow.',
      ],
    },
    {
      id: 'your-account',
      heading: 'Your account',
      blocks: [
        {
          items: [
            `Use an email address that is yours and that you can read: the account works once you confirm it, and is deleted if you have not within ${UNCONFIRMED_SIGN_UP_HOURS} hours.`,
            'Your username is public. Do not use it, or your profile name, to pass yourself off as someone else.',
            [
              'Keep your password to yourself. You are responsible for what is done with your account; if you see a session you do not recognise in ',
              settings,
              ', sign it out and change your password.',
            ],
          ],
        },
      ],
    },
    {
      id: 'what-you-publish',
      heading: 'What you publish',
      blocks: [
        {
          items: [
            'What you write stays yours. By making a list public, or open to anyone with the link, you let others read it, check off its items, like it, comment on it and clone it. A clone is the other person’s own copy: they may change it, and it stays theirs if you delete your list.',
            'Your comments can be read by everyone who can open the list they are on.',
            'You can edit or delete your lists and comments, or make a list private, at any time.',
          ],
        },
      ],
    },
    {
      id: 'fair-use',
      heading: 'Fair use',
      blocks: [
        'Do not use Ticklist to:',
        {
          items: [
            'post anything unlawful, hateful or harassing, or anyone’s personal details without their consent;',
            'spam: advertising, or the same list or comment over and over;',
            'get into other people’s accounts, or overload or break the site.',
          ],
        },
        'To keep spam and password guessing down, the site limits how often anyone can sign in, make and clone lists, comment, like and follow. Past a limit it asks you to wait a moment and try again.',
      ],
    },
    {
      id: 'use-lists-with-care',
      heading: 'Use lists with care',
      blocks: [
        'Lists are written by members and are not checked by us. Use your own judgement, above all about health, safety and money. Ticklist is offered as it is, without a promise that it will always be available or free of mistakes.',
      ],
    },
    {
      id: 'leaving',
      heading: 'Leaving',
      blocks: [
        [
          'You can delete your account at any time in ',
          settings,
          '. The ',
          privacy,
          ' says what is deleted, and what you can choose to leave for others.',
        ],
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: ['When these terms change, this page changes with them and its date moves on.'],
    },
  ],
};
