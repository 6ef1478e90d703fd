import { afterEach, describe, expect, test } from 'vitest';
import { buildSessionUser } from '../../test/fixtures';
import { CAMPAIGNS_FLAG, offerCampaignPages } from './campaigns.flag';

const withCampaigns = (useCampaigns: boolean, profile: 'admin' | 'supervisor') => {
  const user = buildSessionUser({ profile });
  return { ...user, company: { ...user.company, plan: { ...user.company.plan, useCampaigns } } };
};

afterEach(() => localStorage.clear());

describe('the cshow flag at sign-in', () => {
  test('is set for an admin whose plan has campaigns', () => {
    offerCampaignPages(withCampaigns(true, 'admin'));
    expect(localStorage.getItem(CAMPAIGNS_FLAG)).not.toBeNull();
  });

  test('is not set for a supervisor, nor on a plan without campaigns', () => {
    offerCampaignPages(withCampaigns(true, 'supervisor'));
    offerCampaignPages(withCampaigns(false, 'admin'));
    expect(localStorage.getItem(CAMPAIGNS_FLAG)).toBeNull();
  });

  test('keeps a value the browser already holds', () => {
    localStorage.setItem(CAMPAIGNS_FLAG, 'kept');
    offerCampaignPages(withCampaigns(true, 'admin'));
    expect(localStorage.getItem(CAMPAIGNS_FLAG)).toBe('kept');
  });
});
