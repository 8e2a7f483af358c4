// BitwiseAnd/Or/Xor on i8, i16, i32 and i64 with sign bits set, broadcasting and scalar constants.
func.func @test(%V__0: tensor<?x?xi8> {python_test_attrs.static_type = tensor<4x8xi8>}, %V__1: tensor<?xi8> {python_test_attrs.static_type = tensor<8xi8>}, %V__2: tensor<?xi16> {python_test_attrs.static_type = tensor<8xi16>}, %V__3: tensor<?xi32> {python_test_attrs.static_type = tensor<8xi32>}, %V__4: tensor<?xi64> {python_test_attrs.static_type = tensor<8xi64>}) -> (tensor<?x?xi8>, tensor<?x?xi8>, tensor<?xi16>, tensor<?xi32>, tensor<?xi64>, tensor<?xi64>) {
  %0 = "tf.BitwiseAnd"(%V__0, %V__1) {device = ""} : (tensor<?x?xi8>, tensor<?xi8>) -> tensor<?x?xi8>
  %1 = "tf.BitwiseXor"(%V__1, %V__0) {device = ""} : (tensor<?xi8>, tensor<?x?xi8>) -> tensor<?x?xi8>
  %cst = "tf.Const"() {value = dense<-21846> : tensor<i16>} : () -> tensor<i16>
  %2 = "tf.BitwiseOr"(%V__2, %cst) {device = ""} : (tensor<?xi16>, tensor<i16>) -> tensor<?xi16>
  %cst_0 = "tf.Const"() {value = dense<16777215> : tensor<i32>} : () -> tensor<i32>
  %3 = "tf.BitwiseXor"(%V__3, %cst_0) {device = ""} : (tensor<?xi32>, tensor<i32>) -> tensor<?xi32>
  %cst_1 = "tf.Const"() {value = dense<-4294967296> : tensor<i64>} : () -> tensor<i64>
  %4 = "tf.BitwiseAnd"(%V__4, %cst_1) {device = ""} : (tensor<?xi64>, tensor<i64>) -> tensor<?xi64>
  %5 = "tf.BitwiseOr"(%V__4, %V__4) {device = ""} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?x?xi8>, tensor<?x?xi8>, tensor<?xi16>, tensor<?xi32>, tensor<?xi64>, tensor<?xi64>
}
