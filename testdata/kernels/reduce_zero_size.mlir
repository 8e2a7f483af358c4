// Reductions over a zero-size dim: Sum 0, Prod 1, Max -Inf / INT_MIN, Min +Inf / INT_MAX, Mean NaN (float) / 0 (int).
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<3x0xf32>}, %V__1: tensor<?x?xi32> {python_test_attrs.static_type = tensor<3x0xi32>}) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>) {
  %cst = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Sum"(%V__0, %cst) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %1 = "tf.Prod"(%V__0, %cst) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %2 = "tf.Max"(%V__0, %cst) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %3 = "tf.Min"(%V__0, %cst) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %4 = "tf.Mean"(%V__0, %cst) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %5 = "tf.Sum"(%V__1, %cst) {keep_dims = false} : (tensor<?x?xi32>, tensor<1xi32>) -> tensor<?xi32>
  %6 = "tf.Prod"(%V__1, %cst) {keep_dims = false} : (tensor<?x?xi32>, tensor<1xi32>) -> tensor<?xi32>
  %7 = "tf.Max"(%V__1, %cst) {keep_dims = false} : (tensor<?x?xi32>, tensor<1xi32>) -> tensor<?xi32>
  %8 = "tf.Min"(%V__1, %cst) {keep_dims = false} : (tensor<?x?xi32>, tensor<1xi32>) -> tensor<?xi32>
  %9 = "tf.Mean"(%V__1, %cst) {keep_dims = false} : (tensor<?x?xi32>, tensor<1xi32>) -> tensor<?xi32>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>
}
