import { Tabs as RadixTabs } from 'radix-ui';
import { withClasses } from './with-classes';

/** Our tabs (Radix Tabs): a segmented row of triggers above one panel. */
export const Tabs = RadixTabs.Root;
export const TabsContent = RadixTabs.Content;

export const TabsList = withClasses(
  RadixTabs.List,
  'flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 dark:bg-slate-900',
);

export const TabsTrigger = withClasses(
  RadixTabs.Trigger,
  'flex-1 cursor-pointer rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-400 dark:data-[state=active]:bg-slate-800 dark:data-[state=active]:text-white',
);
