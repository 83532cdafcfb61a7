; Atout's Windows installer, built by scripts/package-windows with Debian's makensis
; (NSIS 3.08, its own plugins only: nothing is downloaded to build it).
;
;   makensis -DVERSION=0.1.0 -DSTAGE=<folder> -DOUTFILE=<setup.exe> packaging/windows/atout.nsi
;
; STAGE holds atout-desktop.exe (the window), WebView2Loader.dll beside it, atout.exe (the
; command), icon.ico and LICENSE.txt. Per machine, under Program Files\Atout:
;   atout-desktop.exe, WebView2Loader.dll, LICENSE.txt, uninstall.exe
;   bin\atout.exe       the only thing put on the PATH (so that `uninstall` is not a command)
; A Start-menu entry "Atout", an entry in Windows' "Apps" list, firewall rules for private
; networks (the table devices reach `atout serve` and the window's server on the club's
; Wi-Fi). Installing again over an older or the same version upgrades in place. The data
; (%APPDATA%\atout: the database, its backups) is never touched, neither here nor by the
; uninstaller. Silent: `Atout_<version>_x64-setup.exe /S`, `uninstall.exe /S`.
;
; The window needs Microsoft's WebView2 runtime (part of Windows 11, and of Windows 10 kept
; up to date): when the registry says it is missing, Microsoft's bootstrapper is downloaded
; and run silently, as Tauri's own installers do; the only download, at install time.

; A 64-bit installer (Atout is for x64 Windows only): Program Files, the registry and
; System32 without redirection.
Target amd64-unicode
ManifestDPIAware true
SetCompressor /SOLID lzma
RequestExecutionLevel admin

!include MUI2.nsh
!include LogicLib.nsh
!include x64.nsh
!include WinMessages.nsh
!include WordFunc.nsh
!include FileFunc.nsh

!ifndef VERSION
  !error "VERSION is given by scripts/package-windows (-DVERSION=…)"
!endif
!ifndef STAGE
  !error "STAGE is given by scripts/package-windows (-DSTAGE=…)"
!endif
!ifndef OUTFILE
  !define OUTFILE "Atout_${VERSION}_x64-setup.exe"
!endif

!define PRODUCT "Atout"
!define PUBLISHER "The Atout developers"
!define UNINSTKEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Atout"
!define PRODUCTKEY "Software\Atout"
!define ENVKEY "SYSTEM\CurrentControlSet\Control\Session Manager\Environment"
!define WEBVIEW2GUID "{F3017226-FE2A-4295-8BDF-00C3A9A7E4C5}"
!define WEBVIEW2URL "https://go.microsoft.com/fwlink/p/?LinkId=2124703"

Name "${PRODUCT}"
OutFile "${OUTFILE}"
BrandingText "${PRODUCT} ${VERSION}"
ShowInstDetails show
ShowUninstDetails show

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${PRODUCT}"
VIAddVersionKey /LANG=0 "FileDescription" "${PRODUCT} ${VERSION} setup"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "LegalCopyright" "© 2026 ${PUBLISHER}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"

!define MUI_ICON "${STAGE}\icon.ico"
!define MUI_UNICON "${STAGE}\icon.ico"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN
!define MUI_FINISHPAGE_RUN_FUNCTION RunAtout

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_LICENSE "${STAGE}\LICENSE.txt"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The installer speaks the system's language when it is one of these (English otherwise).
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "French"
!insertmacro MUI_LANGUAGE "Dutch"

LangString Description ${LANG_ENGLISH} "Card-club tournaments: Double King, King, Rikken, Double Lucky 7, Kings Cribbage"
LangString Description ${LANG_FRENCH} "Tournois de club de cartes : Double King, King, Rikken, Double Lucky 7, Kings Cribbage"
LangString Description ${LANG_DUTCH} "Kaartclubtornooien: Double King, King, Rikken, Double Lucky 7, Kings Cribbage"
LangString Needs64 ${LANG_ENGLISH} "Atout needs a 64-bit Windows (10 or 11)."
LangString Needs64 ${LANG_FRENCH} "Atout demande un Windows 64 bits (10 ou 11)."
LangString Needs64 ${LANG_DUTCH} "Atout vraagt een 64-bit Windows (10 of 11)."
LangString WebView2Fetch ${LANG_ENGLISH} "Microsoft WebView2, which Atout's window needs, is missing: downloading it from Microsoft…"
LangString WebView2Fetch ${LANG_FRENCH} "Microsoft WebView2, dont la fenêtre d'Atout a besoin, manque : téléchargement chez Microsoft…"
LangString WebView2Fetch ${LANG_DUTCH} "Microsoft WebView2, dat het venster van Atout nodig heeft, ontbreekt: downloaden bij Microsoft…"
LangString WebView2Done ${LANG_ENGLISH} "Microsoft WebView2 is installed."
LangString WebView2Done ${LANG_FRENCH} "Microsoft WebView2 est installé."
LangString WebView2Done ${LANG_DUTCH} "Microsoft WebView2 is geïnstalleerd."
LangString WebView2Failed ${LANG_ENGLISH} "Microsoft WebView2 could not be installed (no Internet connection?). The atout command works without it; Atout's window needs it: install it from https://go.microsoft.com/fwlink/p/?LinkId=2124703 and Atout opens."
LangString WebView2Failed ${LANG_FRENCH} "Microsoft WebView2 n'a pas pu être installé (pas de connexion Internet ?). La commande atout fonctionne sans lui ; la fenêtre d'Atout en a besoin : installez-le depuis https://go.microsoft.com/fwlink/p/?LinkId=2124703 et Atout s'ouvrira."
LangString WebView2Failed ${LANG_DUTCH} "Microsoft WebView2 kon niet geïnstalleerd worden (geen internetverbinding?). Het commando atout werkt zonder; het venster van Atout heeft het nodig: installeer het van https://go.microsoft.com/fwlink/p/?LinkId=2124703 en Atout opent."
LangString PathTooLong ${LANG_ENGLISH} "The system PATH is too long to be changed safely: atout.exe is in $INSTDIR\bin (add it to the PATH by hand)."
LangString PathTooLong ${LANG_FRENCH} "Le PATH du système est trop long pour être modifié sans risque : atout.exe est dans $INSTDIR\bin (ajoutez-le au PATH à la main)."
LangString PathTooLong ${LANG_DUTCH} "Het PATH van het systeem is te lang om veilig te wijzigen: atout.exe staat in $INSTDIR\bin (voeg het met de hand aan het PATH toe)."
LangString Running ${LANG_ENGLISH} "Atout is running (the window or atout serve): close it, then run the installer again. Nothing was replaced."
LangString Running ${LANG_FRENCH} "Atout est ouvert (la fenêtre ou atout serve) : fermez-le, puis relancez l'installation. Rien n'a été remplacé."
LangString Running ${LANG_DUTCH} "Atout draait nog (het venster of atout serve): sluit het en start de installatie opnieuw. Er werd niets vervangen."
LangString DataKept ${LANG_ENGLISH} "Your tournaments stay in %APPDATA%\atout."
LangString DataKept ${LANG_FRENCH} "Vos tournois restent dans %APPDATA%\atout."
LangString DataKept ${LANG_DUTCH} "Uw tornooien blijven in %APPDATA%\atout."

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "$(Needs64)" /SD IDOK
    Abort
  ${EndIf}
  SetShellVarContext all
  SetRegView 64
  ; /D=… wins; otherwise where an earlier version went; otherwise Program Files.
  ${If} $INSTDIR == ""
    ReadRegStr $INSTDIR HKLM "${PRODUCTKEY}" "InstallDir"
  ${EndIf}
  ${If} $INSTDIR == ""
    StrCpy $INSTDIR "$PROGRAMFILES64\${PRODUCT}"
  ${EndIf}
FunctionEnd

Function un.onInit
  SetShellVarContext all
  SetRegView 64
FunctionEnd

; The finish page's "Run Atout": through Explorer, so that the window runs as the user and
; not with the installer's administrator rights.
Function RunAtout
  Exec '"$WINDIR\explorer.exe" "$INSTDIR\atout-desktop.exe"'
FunctionEnd

; WebView2: is the runtime there (per machine, or for this user)? If not, fetch Microsoft's
; bootstrapper with what Windows 10 and 11 have (curl.exe, else PowerShell) and run it.
Section "WebView2" SecWebView2
  ReadRegStr $0 HKLM "SOFTWARE\WOW6432Node\Microsoft\EdgeUpdate\Clients\${WEBVIEW2GUID}" "pv"
  ${If} $0 == ""
  ${OrIf} $0 == "0.0.0.0"
    ReadRegStr $0 HKCU "SOFTWARE\Microsoft\EdgeUpdate\Clients\${WEBVIEW2GUID}" "pv"
  ${EndIf}
  ${If} $0 != ""
  ${AndIf} $0 != "0.0.0.0"
    DetailPrint "Microsoft WebView2 $0"
    Return
  ${EndIf}
  DetailPrint "$(WebView2Fetch)"
  StrCpy $1 "$TEMP\MicrosoftEdgeWebview2Setup.exe"
  Delete $1
  nsExec::ExecToLog '"$SYSDIR\curl.exe" -fsSL --retry 2 -o "$1" "${WEBVIEW2URL}"'
  Pop $2
  ${IfNot} ${FileExists} $1
    nsExec::ExecToLog 'powershell.exe -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "[Net.ServicePointManager]::SecurityProtocol = [Net.SecurityProtocolType]::Tls12; Invoke-WebRequest -UseBasicParsing -Uri ''${WEBVIEW2URL}'' -OutFile ''$1''"'
    Pop $2
  ${EndIf}
  StrCpy $3 "no bootstrapper"
  ${If} ${FileExists} $1
    ExecWait '"$1" /silent /install' $3
    Delete $1
  ${EndIf}
  ${If} $3 == 0
    DetailPrint "$(WebView2Done)"
  ${Else}
    DetailPrint "WebView2: $3"
    MessageBox MB_ICONEXCLAMATION "$(WebView2Failed)" /SD IDOK
  ${EndIf}
SectionEnd

; A program of ours still running cannot be replaced: with the installer's pages shown,
; NSIS asks to retry; silent (/S), it took "ignore" by itself, said it succeeded and left
; the old program in place. Silent, it now stops there, with exit code 5, nothing replaced.
!macro REPLACEABLE FILE
  ${If} ${FileExists} "${FILE}"
    ClearErrors
    FileOpen $R0 "${FILE}" a
    ${If} ${Errors}
      DetailPrint "$(Running)"
      ${If} ${Silent}
        SetErrorLevel 5
        Abort "$(Running)"
      ${EndIf}
    ${Else}
      FileClose $R0
    ${EndIf}
  ${EndIf}
!macroend

Section "Atout" SecAtout
  SectionIn RO
  !insertmacro REPLACEABLE "$INSTDIR\atout-desktop.exe"
  !insertmacro REPLACEABLE "$INSTDIR\bin\atout.exe"
  SetOutPath "$INSTDIR"
  File "${STAGE}\atout-desktop.exe"
  File "${STAGE}\WebView2Loader.dll"
  File "${STAGE}\LICENSE.txt"
  SetOutPath "$INSTDIR\bin"
  File "${STAGE}\atout.exe"
  SetOutPath "$INSTDIR"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${PRODUCT}.lnk" "$INSTDIR\atout-desktop.exe" "" "$INSTDIR\atout-desktop.exe" 0 SW_SHOWNORMAL "" "$(Description)"

  WriteRegStr HKLM "${PRODUCTKEY}" "InstallDir" "$INSTDIR"
  WriteRegStr HKLM "${PRODUCTKEY}" "Version" "${VERSION}"
  WriteRegStr HKLM "${UNINSTKEY}" "DisplayName" "${PRODUCT}"
  WriteRegStr HKLM "${UNINSTKEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "${UNINSTKEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKLM "${UNINSTKEY}" "Comments" "$(Description)"
  WriteRegStr HKLM "${UNINSTKEY}" "DisplayIcon" '"$INSTDIR\atout-desktop.exe",0'
  WriteRegStr HKLM "${UNINSTKEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKLM "${UNINSTKEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKLM "${UNINSTKEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKLM "${UNINSTKEY}" "NoModify" 1
  WriteRegDWORD HKLM "${UNINSTKEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKLM "${UNINSTKEY}" "EstimatedSize" "$0"

  Call AddToPath
  ; The table devices reach the server on the club's private network; removed first so that
  ; an upgrade leaves one rule per program. (netsh is Windows' own; its failure is harmless.)
  Call Unfirewall
  nsExec::ExecToLog 'netsh advfirewall firewall add rule name="Atout" dir=in action=allow profile=private program="$INSTDIR\atout-desktop.exe" enable=yes'
  Pop $0
  nsExec::ExecToLog 'netsh advfirewall firewall add rule name="Atout (command)" dir=in action=allow profile=private program="$INSTDIR\bin\atout.exe" enable=yes'
  Pop $0
  DetailPrint "$(DataKept)"
SectionEnd

Section "Uninstall"
  Delete "$INSTDIR\atout-desktop.exe"
  Delete "$INSTDIR\WebView2Loader.dll"
  Delete "$INSTDIR\LICENSE.txt"
  Delete "$INSTDIR\bin\atout.exe"
  RMDir "$INSTDIR\bin"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${PRODUCT}.lnk"
  Call un.RemoveFromPath
  Call un.Unfirewall
  DeleteRegKey HKLM "${UNINSTKEY}"
  DeleteRegKey HKLM "${PRODUCTKEY}"
  ; %APPDATA%\atout (the database and its backups) is the user's: it stays.
  DetailPrint "$(DataKept)"
SectionEnd

!macro UNFIREWALL un
  Function ${un}Unfirewall
    nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="Atout"'
    Pop $0
    nsExec::ExecToLog 'netsh advfirewall firewall delete rule name="Atout (command)"'
    Pop $0
  FunctionEnd
!macroend
!insertmacro UNFIREWALL ""
!insertmacro UNFIREWALL "un."

; The system PATH without $INSTDIR\bin: $0 on return. Sets $1 to 1 when the PATH must be
; left alone: too long for NSIS's strings (1024 characters; ReadRegStr then gives "" and
; the error flag, and writing that back would wipe the PATH), or unreadable. The room it needs
; is counted from the lengths apart: a string measured whole is already cut at 1023
; characters, so "the PATH and ours" never counted 1024, and a PATH of 997 to 1023 characters
; was written back cut (the last folder of it lost a letter, ours left out).
!macro PATH_WITHOUT_US un
  Function ${un}PathWithoutUs
    StrCpy $1 0
    ClearErrors
    ReadRegStr $0 HKLM "${ENVKEY}" "Path"
    Push $3
    StrLen $2 $0
    StrLen $3 ";$INSTDIR\bin;;;"
    IntOp $2 $2 + $3
    Pop $3
    ${If} ${Errors}
    ${OrIf} $0 == ""
    ${OrIf} $2 >= ${NSIS_MAX_STRLEN}
      StrCpy $1 1
      Return
    ${EndIf}
    ${${un}WordReplace} ";$0;" ";$INSTDIR\bin;" ";" "+" $0
    ${${un}WordReplace} "$0" ";;" ";" "+" $0
    StrCpy $2 $0 1
    ${If} $2 == ";"
      StrCpy $0 $0 "" 1
    ${EndIf}
    StrCpy $2 $0 1 -1
    ${If} $2 == ";"
      StrCpy $0 $0 -1
    ${EndIf}
  FunctionEnd
!macroend
!insertmacro PATH_WITHOUT_US ""
!insertmacro PATH_WITHOUT_US "un."

Function AddToPath
  Call PathWithoutUs
  ${If} $1 == 1
    DetailPrint "$(PathTooLong)"
    MessageBox MB_ICONINFORMATION "$(PathTooLong)" /SD IDOK
    Return
  ${EndIf}
  ${If} $0 == ""
    StrCpy $0 "$INSTDIR\bin"
  ${Else}
    StrCpy $0 "$0;$INSTDIR\bin"
  ${EndIf}
  WriteRegExpandStr HKLM "${ENVKEY}" "Path" "$0"
  SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=3000
FunctionEnd

Function un.RemoveFromPath
  Call un.PathWithoutUs
  ${If} $1 == 1
    Return
  ${EndIf}
  WriteRegExpandStr HKLM "${ENVKEY}" "Path" "$0"
  SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=3000
FunctionEnd
