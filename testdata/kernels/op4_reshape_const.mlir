// sandjit-test: rtol=0 atol=0
// Reshape to constant shapes: a -1 (i32 and i64 shape constants), to rank 0 (dense<> : tensor<0xi32>), and
// to a zero-size shape; the inputs' dims vary at run time.
func.func @test(%arg0: tensor<?x?x13xf32>, %arg1: tensor<?xi32>, %arg2: tensor<?x?xf32>, %arg3: tensor<?xf32>) -> (tensor<?x13xf32>, tensor<7x?x2xi32>, tensor<f32>, tensor<3x0x5xf32>) {
  %cst = "tf.Const"() {value = dense<[-1, 13]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Reshape"(%arg0, %cst) {device = ""} : (tensor<?x?x13xf32>, tensor<2xi32>) -> tensor<?x13xf32>
  %cst_0 = "tf.Const"() {value = dense<[7, -1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %1 = "tf.Reshape"(%arg1, %cst_0) {device = ""} : (tensor<?xi32>, tensor<3xi64>) -> tensor<7x?x2xi32>
  %cst_1 = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %2 = "tf.Reshape"(%arg2, %cst_1) {device = ""} : (tensor<?x?xf32>, tensor<0xi32>) -> tensor<f32>
  %cst_2 = "tf.Const"() {value = dense<[3, 0, 5]> : tensor<3xi32>} : () -> tensor<3xi32>
  %3 = "tf.Reshape"(%arg3, %cst_2) {device = ""} : (tensor<?xf32>, tensor<3xi32>) -> tensor<3x0x5xf32>
  func.return %0, %1, %2, %3 : tensor<?x13xf32>, tensor<7x?x2xi32>, tensor<f32>, tensor<3x0x5xf32>
}
