/* Builds only once the checked object's header exists. */
#include CC_SHADOW_H

int main(void)
{
	return 0;
}
