-- Documents in the other interface languages; the documents row holds the default (mx) text.
CREATE TABLE document_translations (
  document_id text NOT NULL REFERENCES documents (id),
  locale text NOT NULL CHECK (locale IN ('eng', 'es', 'it', 'gr', 'rs')),
  name text NOT NULL,
  content text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, locale)
);

-- The first terms of use (0004) in the other interface languages; same HTML structure as the Spanish text.
INSERT INTO document_translations (document_id, locale, name, content) VALUES (
  'terms-of-use-and-conditions',
  'eng',
  'Terms of use and privacy notice',
  '<h2>Terms of use</h2>
<p>Aula is the study centre''s online course platform. By creating an account you accept these terms and the privacy notice that follows.</p>
<h3>1. Your account</h3>
<ul>
<li>Register your account with true details and an e-mail address that is your own.</li>
<li>Your password is personal: do not share it. If you suspect someone knows it, change it under <em>Settings › Security</em> and sign out on all your devices.</li>
<li>You are responsible for what is done with your account.</li>
</ul>
<h3>2. Use of the courses</h3>
<ul>
<li>The courses, their materials and assessments are for your personal learning during your subscription period.</li>
<li>Do not copy, sell or distribute the materials without their authors'' permission.</li>
<li>Certificates are issued in the name of the person who took the assessments; taking them on someone else''s behalf invalidates the certificate.</li>
</ul>
<h3>3. Conduct</h3>
<p>Treat teachers, staff and fellow learners with respect. The centre may suspend accounts used to harass others, impersonate someone or harm the platform.</p>
<h3>4. Changes</h3>
<p>We may update these terms; the current version is always published on this page with its publication date.</p>
<h2>Privacy notice</h2>
<h3>What data we process</h3>
<ul>
<li>Your name and e-mail address, to identify you and send you verification codes.</li>
<li>Your subscriptions, progress and assessment results, to show you your progress and issue certificates.</li>
<li>The devices you sign in from (browser type and last IP address), so that you can review them and protect your account.</li>
</ul>
<h3>What we use them for</h3>
<p>Only to provide you with the educational service, keep the platform secure and meet legal obligations. We do not sell your data.</p>
<h3>Your rights</h3>
<p>You can view and correct your name under <em>Settings › Profile</em>, and ask the study centre for access to, rectification or erasure of your data, or object to its processing, through <em>Settings › Support</em>.</p>
<h3>Cookies</h3>
<p>We use the browser''s storage to keep your session, your language and your layout preferences, and a cookie that remembers that you accepted this notice.</p>'
), (
  'terms-of-use-and-conditions',
  'es',
  'Términos de uso y aviso de privacidad',
  '<h2>Términos de uso</h2>
<p>Aula es la plataforma de cursos en línea del centro de estudios. Al crear una cuenta, aceptas estos términos y el aviso de privacidad que figura a continuación.</p>
<h3>1. Tu cuenta</h3>
<ul>
<li>Registra tu cuenta con datos verídicos y una dirección de correo electrónico que sea tuya.</li>
<li>Tu contraseña es personal: no la compartas. Si sospechas que alguien la conoce, cámbiala en <em>Ajustes › Seguridad</em> y cierra la sesión en todos tus dispositivos.</li>
<li>Eres responsable de lo que se haga con tu cuenta.</li>
</ul>
<h3>2. Uso de los cursos</h3>
<ul>
<li>Los cursos, sus materiales y sus evaluaciones son para tu aprendizaje personal durante el periodo de tu suscripción.</li>
<li>No copies, vendas ni distribuyas los materiales sin el permiso de sus autores.</li>
<li>Los certificados se expiden a nombre de la persona que realizó las evaluaciones; realizarlas en lugar de otra persona invalida el certificado.</li>
</ul>
<h3>3. Convivencia</h3>
<p>Trata con respeto al profesorado, al personal y a los demás alumnos. El centro puede suspender las cuentas que se utilicen para acosar, suplantar la identidad de otras personas o dañar la plataforma.</p>
<h3>4. Cambios</h3>
<p>Podemos actualizar estos términos; la versión vigente siempre está publicada en esta página junto con su fecha de publicación.</p>
<h2>Aviso de privacidad</h2>
<h3>Qué datos tratamos</h3>
<ul>
<li>Tu nombre y tu dirección de correo electrónico, para identificarte y enviarte códigos de verificación.</li>
<li>Tus suscripciones, tu progreso y tus resultados en las evaluaciones, para mostrarte tu avance y expedir certificados.</li>
<li>Los dispositivos desde los que inicias sesión (tipo de navegador y última dirección IP), para que puedas revisarlos y proteger tu cuenta.</li>
</ul>
<h3>Para qué los utilizamos</h3>
<p>Únicamente para prestarte el servicio educativo, mantener la seguridad de la plataforma y cumplir las obligaciones legales. No vendemos tus datos.</p>
<h3>Tus derechos</h3>
<p>Puedes consultar y corregir tu nombre en <em>Ajustes › Perfil</em>, y solicitar al centro de estudios el acceso, la rectificación o la supresión de tus datos, u oponerte a su tratamiento, a través de <em>Ajustes › Soporte</em>.</p>
<h3>Cookies</h3>
<p>Utilizamos el almacenamiento del navegador para mantener tu sesión, tu idioma y tus preferencias de diseño, y una cookie que recuerda que has aceptado este aviso.</p>'
), (
  'terms-of-use-and-conditions',
  'it',
  'Termini d''uso e informativa sulla privacy',
  '<h2>Termini d''uso</h2>
<p>Aula è la piattaforma di corsi online del centro studi. Creando un account accetti questi termini e l''informativa sulla privacy che segue.</p>
<h3>1. Il tuo account</h3>
<ul>
<li>Registra il tuo account con dati veritieri e un indirizzo e-mail che sia tuo.</li>
<li>La password è personale: non condividerla. Se sospetti che qualcuno la conosca, cambiala da <em>Impostazioni › Sicurezza</em> e chiudi la sessione su tutti i tuoi dispositivi.</li>
<li>Sei responsabile di ciò che viene fatto con il tuo account.</li>
</ul>
<h3>2. Uso dei corsi</h3>
<ul>
<li>I corsi, i loro materiali e le valutazioni sono destinati al tuo apprendimento personale per la durata dell''abbonamento.</li>
<li>Non copiare, vendere né distribuire i materiali senza il permesso dei loro autori.</li>
<li>I certificati sono rilasciati a nome della persona che ha sostenuto le valutazioni; sostenerle al posto di un''altra persona invalida il certificato.</li>
</ul>
<h3>3. Convivenza</h3>
<p>Tratta con rispetto docenti, personale e compagni di corso. Il centro può sospendere gli account usati per molestare, sostituirsi ad altre persone o danneggiare la piattaforma.</p>
<h3>4. Modifiche</h3>
<p>Possiamo aggiornare questi termini; la versione in vigore è sempre pubblicata in questa pagina con la sua data di pubblicazione.</p>
<h2>Informativa sulla privacy</h2>
<h3>Quali dati trattiamo</h3>
<ul>
<li>Il tuo nome e il tuo indirizzo e-mail, per identificarti e inviarti i codici di verifica.</li>
<li>I tuoi abbonamenti, i tuoi progressi e i risultati delle valutazioni, per mostrarti i tuoi progressi e rilasciare i certificati.</li>
<li>I dispositivi da cui accedi (tipo di browser e ultimo indirizzo IP), perché tu possa controllarli e proteggere il tuo account.</li>
</ul>
<h3>Per che cosa li usiamo</h3>
<p>Solo per fornirti il servizio didattico, mantenere sicura la piattaforma e adempiere agli obblighi di legge. Non vendiamo i tuoi dati.</p>
<h3>I tuoi diritti</h3>
<p>Puoi consultare e correggere il tuo nome da <em>Impostazioni › Profilo</em> e chiedere al centro studi l''accesso, la rettifica o la cancellazione dei tuoi dati, oppure opporti al loro trattamento, tramite <em>Impostazioni › Assistenza</em>.</p>
<h3>Cookie</h3>
<p>Usiamo la memoria del browser per mantenere la tua sessione, la tua lingua e le tue preferenze di layout, e un cookie che ricorda che hai accettato questa informativa.</p>'
), (
  'terms-of-use-and-conditions',
  'gr',
  'Nutzungsbedingungen und Datenschutzhinweis',
  '<h2>Nutzungsbedingungen</h2>
<p>Aula ist die Online-Kursplattform des Studienzentrums. Mit dem Anlegen eines Kontos akzeptierst du diese Bedingungen und den folgenden Datenschutzhinweis.</p>
<h3>1. Dein Konto</h3>
<ul>
<li>Registriere dein Konto mit wahrheitsgemäßen Angaben und einer E-Mail-Adresse, die dir gehört.</li>
<li>Dein Passwort ist persönlich: Gib es nicht weiter. Wenn du vermutest, dass jemand es kennt, ändere es unter <em>Einstellungen › Sicherheit</em> und melde dich auf allen deinen Geräten ab.</li>
<li>Du bist für alles verantwortlich, was mit deinem Konto geschieht.</li>
</ul>
<h3>2. Nutzung der Kurse</h3>
<ul>
<li>Die Kurse, ihre Materialien und Prüfungen dienen deinem persönlichen Lernen während deines Abonnements.</li>
<li>Kopiere, verkaufe oder verbreite die Materialien nicht ohne die Erlaubnis ihrer Autorinnen und Autoren.</li>
<li>Zertifikate werden auf den Namen der Person ausgestellt, die die Prüfungen abgelegt hat; legt jemand sie für eine andere Person ab, wird das Zertifikat ungültig.</li>
</ul>
<h3>3. Miteinander</h3>
<p>Begegne Lehrkräften, Personal und anderen Lernenden mit Respekt. Das Zentrum kann Konten sperren, die genutzt werden, um andere zu belästigen, sich als jemand anderes auszugeben oder der Plattform zu schaden.</p>
<h3>4. Änderungen</h3>
<p>Wir können diese Bedingungen aktualisieren; die gültige Fassung ist immer auf dieser Seite mit ihrem Veröffentlichungsdatum veröffentlicht.</p>
<h2>Datenschutzhinweis</h2>
<h3>Welche Daten wir verarbeiten</h3>
<ul>
<li>Deinen Namen und deine E-Mail-Adresse, um dich zu identifizieren und dir Bestätigungscodes zu senden.</li>
<li>Deine Abonnements, Fortschritte und Prüfungsergebnisse, um dir deinen Fortschritt zu zeigen und Zertifikate auszustellen.</li>
<li>Die Geräte, mit denen du dich anmeldest (Browsertyp und letzte IP-Adresse), damit du sie prüfen und dein Konto schützen kannst.</li>
</ul>
<h3>Wofür wir sie verwenden</h3>
<p>Nur um dir das Bildungsangebot bereitzustellen, die Plattform sicher zu halten und gesetzliche Pflichten zu erfüllen. Wir verkaufen deine Daten nicht.</p>
<h3>Deine Rechte</h3>
<p>Du kannst deinen Namen unter <em>Einstellungen › Profil</em> einsehen und korrigieren und beim Studienzentrum über <em>Einstellungen › Hilfe</em> Auskunft, Berichtigung oder Löschung deiner Daten verlangen oder ihrer Verarbeitung widersprechen.</p>
<h3>Cookies</h3>
<p>Wir nutzen den Speicher des Browsers, um deine Sitzung, deine Sprache und deine Layout-Einstellungen zu behalten, und ein Cookie, das sich merkt, dass du diesen Hinweis akzeptiert hast.</p>'
), (
  'terms-of-use-and-conditions',
  'rs',
  'Условия использования и уведомление о конфиденциальности',
  '<h2>Условия использования</h2>
<p>Aula — платформа онлайн-курсов учебного центра. Создавая учётную запись, вы принимаете эти условия и приведённое ниже уведомление о конфиденциальности.</p>
<h3>1. Ваша учётная запись</h3>
<ul>
<li>Регистрируйте учётную запись, указывая достоверные данные и адрес электронной почты, который принадлежит вам.</li>
<li>Ваш пароль — личный: не сообщайте его другим. Если вы подозреваете, что кто-то его знает, смените его в разделе <em>Настройки › Безопасность</em> и выйдите из системы на всех своих устройствах.</li>
<li>Вы отвечаете за всё, что делается с вашей учётной записью.</li>
</ul>
<h3>2. Использование курсов</h3>
<ul>
<li>Курсы, их материалы и контрольные задания предназначены для вашего личного обучения в течение срока подписки.</li>
<li>Не копируйте, не продавайте и не распространяйте материалы без разрешения их авторов.</li>
<li>Сертификаты выдаются на имя того, кто выполнил контрольные задания; выполнение их за другого человека делает сертификат недействительным.</li>
</ul>
<h3>3. Правила общения</h3>
<p>Относитесь с уважением к преподавателям, сотрудникам и другим слушателям. Центр может заблокировать учётные записи, которые используются для травли, выдачи себя за другого человека или причинения вреда платформе.</p>
<h3>4. Изменения</h3>
<p>Мы можем обновлять эти условия; действующая редакция всегда опубликована на этой странице с датой публикации.</p>
<h2>Уведомление о конфиденциальности</h2>
<h3>Какие данные мы обрабатываем</h3>
<ul>
<li>Ваше имя и адрес электронной почты — чтобы идентифицировать вас и отправлять коды подтверждения.</li>
<li>Ваши подписки, успехи и результаты контрольных заданий — чтобы показывать ваш прогресс и выдавать сертификаты.</li>
<li>Устройства, с которых вы входите (тип браузера и последний IP-адрес), — чтобы вы могли их просматривать и защищать свою учётную запись.</li>
</ul>
<h3>Для чего мы их используем</h3>
<p>Только для оказания вам образовательных услуг, обеспечения безопасности платформы и выполнения требований закона. Мы не продаём ваши данные.</p>
<h3>Ваши права</h3>
<p>Вы можете просмотреть и исправить своё имя в разделе <em>Настройки › Профиль</em>, а также через раздел <em>Настройки › Поддержка</em> запросить у учебного центра доступ к своим данным, их исправление или удаление либо возразить против их обработки.</p>
<h3>Файлы cookie</h3>
<p>Мы используем хранилище браузера, чтобы сохранять ваш сеанс, язык и настройки оформления, а также файл cookie, который запоминает, что вы приняли это уведомление.</p>'
);
