// sandjit-test: rtol=0 atol=0
// Fill to a constant shape (7x13, and 3x0), to the shape of an argument (tf.Shape, i64 value), and to a
// value-constrained dims argument (i1 value, unranked result, rank 0 and zero-size included).
func.func @test(%arg0: tensor<f32>, %arg1: tensor<?x?x?xf32>, %arg2: tensor<i64>, %arg3: tensor<?xi32> {rt.constraint = "value"}, %arg4: tensor<i1>) -> (tensor<7x13xf32>, tensor<?x?x?xi64>, tensor<*xi1>, tensor<3x0xf32>) {
  %cst = "tf.Const"() {value = dense<[7, 13]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Fill"(%cst, %arg0) {device = ""} : (tensor<2xi32>, tensor<f32>) -> tensor<7x13xf32>
  %1 = "tf.Shape"(%arg1) {device = ""} : (tensor<?x?x?xf32>) -> tensor<3xi64>
  %2 = "tf.Fill"(%1, %arg2) {device = ""} : (tensor<3xi64>, tensor<i64>) -> tensor<?x?x?xi64>
  %3 = "tf.Fill"(%arg3, %arg4) {device = ""} : (tensor<?xi32>, tensor<i1>) -> tensor<*xi1>
  %cst_0 = "tf.Const"() {value = dense<[3, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %4 = "tf.Fill"(%cst_0, %arg0) {device = ""} : (tensor<2xi32>, tensor<f32>) -> tensor<3x0xf32>
  func.return %0, %2, %3, %4 : tensor<7x13xf32>, tensor<?x?x?xi64>, tensor<*xi1>, tensor<3x0xf32>
}
