import { Collapsible as RadixCollapsible } from 'radix-ui';

/** Our disclosure (Radix Collapsible); styled where it is used. */
export const Collapsible = RadixCollapsible.Root;
export const CollapsibleTrigger = RadixCollapsible.Trigger;
export const CollapsibleContent = RadixCollapsible.Content;
