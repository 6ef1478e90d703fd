import { can, type Gate, type PlanFlag, planAllows, type SessionUser } from '@balcao/shared';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import ApiOutlinedIcon from '@mui/icons-material/ApiOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import AvTimerOutlinedIcon from '@mui/icons-material/AvTimerOutlined';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import ChecklistOutlinedIcon from '@mui/icons-material/ChecklistOutlined';
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import ContactsOutlinedIcon from '@mui/icons-material/ContactsOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import type { ComponentType, ReactNode } from 'react';
import { CAMPAIGNS_FLAG } from '../../modules/campaigns/campaigns.flag';
import { ConnectionsMenuBadge } from '../../modules/connections/connections-menu-badge';
import { hasLocalFlag } from '../../shared/local-flag';

export type MenuSection = 'service' | 'campaigns' | 'administration';

export interface MenuEntry {
  /** Also the label: `app.menu.<key>`. */
  key: string;
  to: string;
  icon: typeof SvgIcon;
  section: MenuSection;
  /** Shown only to users the permission table lets through. */
  gate?: Gate;
  /** Shown only when the company's plan has this feature. */
  planFlag?: PlanFlag;
  /** Shown only while the browser holds this local flag (spec 001 §2: cshow for campaigns). */
  localFlag?: string;
  /** Wraps the icon, e.g. with a dot when the page needs attention. */
  iconBadge?: ComponentType<{ children: ReactNode }>;
}

/**
 * The side menu in spec 000 §2 order. An entry joins when its page exists: a later issue adds
 * one row here (and one route in router.tsx).
 */
export const menuEntries: readonly MenuEntry[] = [
  { key: 'dashboard', to: '/', icon: DashboardOutlinedIcon, section: 'service', gate: 'dashboard:view' },
  // Managers and users with showDashboard (spec 000 §6: the management menu).
  {
    key: 'reports',
    to: '/reports',
    icon: AssessmentOutlinedIcon,
    section: 'service',
    gate: 'dashboard:view',
  },
  { key: 'moments', to: '/moments', icon: AvTimerOutlinedIcon, section: 'service', gate: 'moments:view' },
  { key: 'tickets', to: '/tickets', icon: ForumOutlinedIcon, section: 'service' },
  // Every user keeps their own quick answers; the company-wide ones are a rule inside the page.
  { key: 'quickMessages', to: '/quick-messages', icon: BoltOutlinedIcon, section: 'service' },
  // Every user's board, filtered to their queues by the server, when the plan has the feature.
  { key: 'kanban', to: '/Kanban', icon: ViewKanbanOutlinedIcon, section: 'service', planFlag: 'useKanban' },
  { key: 'contacts', to: '/contacts', icon: ContactPhoneOutlinedIcon, section: 'service' },
  // Every user schedules messages (their own; admins see all), when the plan has the feature.
  {
    key: 'schedules',
    to: '/schedules',
    icon: EventOutlinedIcon,
    section: 'service',
    planFlag: 'useSchedules',
  },
  // Not in the spec's menu list, though its page is (001 §2): beside the schedules, as the product had it.
  { key: 'todolist', to: '/todolist', icon: ChecklistOutlinedIcon, section: 'service' },
  { key: 'tags', to: '/tags', icon: LocalOfferOutlinedIcon, section: 'service' },
  // Spec 000 §2: after Tags (and Helps, not built), when the plan has the internal chat.
  {
    key: 'internalChat',
    to: '/chats',
    icon: QuestionAnswerOutlinedIcon,
    section: 'service',
    planFlag: 'useInternalChat',
  },
  // Spec 001 §2: campaign pages exist only with the cshow flag, for admins whose plan has campaigns.
  {
    key: 'campaigns',
    to: '/campaigns',
    icon: CampaignOutlinedIcon,
    section: 'campaigns',
    gate: 'campaigns:manage',
    planFlag: 'useCampaigns',
    localFlag: CAMPAIGNS_FLAG,
  },
  {
    key: 'contactLists',
    to: '/contact-lists',
    icon: ContactsOutlinedIcon,
    section: 'campaigns',
    gate: 'campaigns:manage',
    planFlag: 'useCampaigns',
    localFlag: CAMPAIGNS_FLAG,
  },
  {
    key: 'campaignsConfig',
    to: '/campaigns-config',
    icon: TuneOutlinedIcon,
    section: 'campaigns',
    gate: 'campaigns:manage',
    planFlag: 'useCampaigns',
    localFlag: CAMPAIGNS_FLAG,
  },
  {
    key: 'messagesApi',
    to: '/messages-api',
    icon: ApiOutlinedIcon,
    section: 'administration',
    gate: 'messages-api:view',
    planFlag: 'useExternalApi',
  },
  {
    key: 'plantao',
    to: '/plantao',
    icon: SupportAgentOutlinedIcon,
    section: 'administration',
    gate: 'plantao:manage',
  },
  {
    key: 'users',
    to: '/users',
    icon: PeopleAltOutlinedIcon,
    section: 'administration',
    gate: 'users:manage',
  },
  {
    key: 'queues',
    to: '/queues',
    icon: AccountTreeOutlinedIcon,
    section: 'administration',
    gate: 'queues:manage',
  },
  {
    key: 'prompts',
    to: '/prompts',
    icon: AutoAwesomeOutlinedIcon,
    section: 'administration',
    gate: 'integrations:manage',
    planFlag: 'useOpenAi',
  },
  {
    key: 'queueIntegration',
    to: '/queue-integration',
    icon: HubOutlinedIcon,
    section: 'administration',
    gate: 'integrations:manage',
    planFlag: 'useIntegrations',
  },
  {
    key: 'connections',
    to: '/connections',
    icon: SyncAltIcon,
    section: 'administration',
    gate: 'connections:view',
    iconBadge: ConnectionsMenuBadge,
  },
  {
    key: 'files',
    to: '/files',
    icon: FolderOutlinedIcon,
    section: 'administration',
    gate: 'integrations:manage',
  },
  {
    key: 'financeiro',
    to: '/financeiro',
    icon: ReceiptLongOutlinedIcon,
    section: 'administration',
    gate: 'financeiro:view',
  },
  {
    key: 'settings',
    to: '/settings',
    icon: SettingsOutlinedIcon,
    section: 'administration',
    gate: 'settings:manage',
  },
  // Not in the spec's menu: issue 25's audit log, after the settings whose changes it lists.
  {
    key: 'auditLog',
    to: '/audit-log',
    icon: HistoryOutlinedIcon,
    section: 'administration',
    gate: 'audit:view',
  },
];

export const menuSections: readonly MenuSection[] = ['service', 'campaigns', 'administration'];

export function isMenuEntryVisible(entry: MenuEntry, user: SessionUser): boolean {
  if (entry.gate && !can(user, entry.gate)) return false;
  if (entry.planFlag && !planAllows(user.company.plan, entry.planFlag)) return false;
  if (entry.localFlag && !hasLocalFlag(entry.localFlag)) return false;
  return true;
}
