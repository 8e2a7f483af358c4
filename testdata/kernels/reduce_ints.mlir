// Integer reductions: Sum and Prod wrap in the element type; Mean is the wrapped sum divided by the count,
// truncating toward zero (so a ui8 Mean sums modulo 256).
func.func @test(%V__0: tensor<?x?xi32> {python_test_attrs.static_type = tensor<4x3xi32>}, %V__1: tensor<?x?xi64> {python_test_attrs.static_type = tensor<3x2xi64>}, %V__2: tensor<?x?xui8> {python_test_attrs.static_type = tensor<2x3xui8>}) -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi64>, tensor<?xui8>, tensor<?xui8>, tensor<ui8>, tensor<?xui8>) {
  %c1 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %c0 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %c01 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Sum"(%V__0, %c1) {keep_dims = false} : (tensor<?x?xi32>, tensor<1xi32>) -> tensor<?xi32>
  %1 = "tf.Mean"(%V__0, %c1) {keep_dims = false} : (tensor<?x?xi32>, tensor<1xi32>) -> tensor<?xi32>
  %2 = "tf.Prod"(%V__1, %c0) {keep_dims = false} : (tensor<?x?xi64>, tensor<1xi32>) -> tensor<?xi64>
  %3 = "tf.Max"(%V__2, %c1) {keep_dims = false} : (tensor<?x?xui8>, tensor<1xi32>) -> tensor<?xui8>
  %4 = "tf.Min"(%V__2, %c0) {keep_dims = false} : (tensor<?x?xui8>, tensor<1xi32>) -> tensor<?xui8>
  %5 = "tf.Mean"(%V__2, %c01) {keep_dims = false} : (tensor<?x?xui8>, tensor<2xi32>) -> tensor<ui8>
  %6 = "tf.Sum"(%V__2, %c0) {keep_dims = false} : (tensor<?x?xui8>, tensor<1xi32>) -> tensor<?xui8>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<?xi32>, tensor<?xi32>, tensor<?xi64>, tensor<?xui8>, tensor<?xui8>, tensor<ui8>, tensor<?xui8>
}
