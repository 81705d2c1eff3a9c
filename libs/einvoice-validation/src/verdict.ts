import type { Severity } from './rules/rule';
import type { Profile, SyntaxName } from './detect';

export interface Finding {
  /** Official rule id (e.g. BR-CO-15, BR-DE-15) or SCHEMA-* for the structure check. */
  rule: string;
  severity: Severity;
  /** XPath of the element the finding concerns. */
  location: string;
  message: { en: string; de: string };
}

export interface Verdict {
  /** No fatal finding. */
  valid: boolean;
  syntax: SyntaxName;
  /** The specification identifier (BT-24) as given. */
  customization: string | undefined;
  profile: Profile;
  rulesVersion: string;
  findings: Finding[];
}
