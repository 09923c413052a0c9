// The invitation of a person to an entity, as a user with CLUSER001 fills it on the users page: shared by
// the specs that invite someone (the people screens, the notifications that follow).
import type { Locator, Page } from '@playwright/test';

export type Invitee = { email: string; firstName: string; lastName: string; right: string };

/**
 * Opens "Ajouter un utilisateur" on the entity's users page, fills the person and switches one right on;
 * answers the dialog, its "Envoyer l'invitation" not pressed yet (a test may check the form first).
 */
export async function fillInvitation(page: Page, invitee: Invitee): Promise<Locator> {
  await page.getByRole('button', { name: 'Ajouter un utilisateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un utilisateur' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(invitee.email);
  await dialog.getByRole('textbox', { name: 'Prénom' }).fill(invitee.firstName);
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill(invitee.lastName);
  await dialog.getByRole('switch', { name: invitee.right }).check();
  return dialog;
}
