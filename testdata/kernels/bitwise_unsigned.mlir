// BitwiseAnd/Or/Xor on ui8, ui16, ui32 and ui64 (top bits set), with rank-0 and rank-1 constants.
func.func @test(%V__0: tensor<?xui8> {python_test_attrs.static_type = tensor<9xui8>}, %V__1: tensor<?xui8> {python_test_attrs.static_type = tensor<9xui8>}, %V__2: tensor<?x?xui16> {python_test_attrs.static_type = tensor<4x3xui16>}, %V__3: tensor<?xui32> {python_test_attrs.static_type = tensor<9xui32>}, %V__4: tensor<?xui64> {python_test_attrs.static_type = tensor<9xui64>}, %V__5: tensor<?xui64> {python_test_attrs.static_type = tensor<9xui64>}) -> (tensor<?xui8>, tensor<?xui8>, tensor<?x?xui16>, tensor<?xui32>, tensor<?xui64>) {
  %0 = "tf.BitwiseOr"(%V__0, %V__1) {device = ""} : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xui8>
  %1 = "tf.BitwiseXor"(%V__0, %V__1) {device = ""} : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xui8>
  %cst = "tf.Const"() {value = dense<[65535, 255, 61680]> : tensor<3xui16>} : () -> tensor<3xui16>
  %2 = "tf.BitwiseAnd"(%V__2, %cst) {device = ""} : (tensor<?x?xui16>, tensor<3xui16>) -> tensor<?x?xui16>
  %cst_0 = "tf.Const"() {value = dense<4294967295> : tensor<ui32>} : () -> tensor<ui32>
  %3 = "tf.BitwiseXor"(%V__3, %cst_0) {device = ""} : (tensor<?xui32>, tensor<ui32>) -> tensor<?xui32>
  %4 = "tf.BitwiseAnd"(%V__4, %V__5) {device = ""} : (tensor<?xui64>, tensor<?xui64>) -> tensor<?xui64>
  func.return %0, %1, %2, %3, %4 : tensor<?xui8>, tensor<?xui8>, tensor<?x?xui16>, tensor<?xui32>, tensor<?xui64>
}
