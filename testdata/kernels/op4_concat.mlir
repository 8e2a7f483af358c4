// sandjit-test: rtol=0 atol=0
// ConcatV2 of 2 inputs on axis 0, 3 inputs on axis -1 (an i64 axis), 4 i32 inputs on axis 1 (the last one
// often zero-size), and of i1 inputs; NaN is copied as is.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>, %arg3: tensor<?x?xf32>, %arg4: tensor<?x?x?xi32>, %arg5: tensor<?x?x?xi32>, %arg6: tensor<?x?x?xi32>, %arg7: tensor<?x?x?xi32>, %arg8: tensor<?xi1>, %arg9: tensor<?xi1>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?x?xi32>, tensor<?xi1>) {
  %cst = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ConcatV2"(%arg0, %arg1, %cst) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32>
  %cst_0 = "tf.Const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %1 = "tf.ConcatV2"(%arg0, %arg2, %arg3, %cst_0) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<i64>) -> tensor<?x?xf32>
  %cst_1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %2 = "tf.ConcatV2"(%arg4, %arg5, %arg6, %arg7, %cst_1) {device = ""} : (tensor<?x?x?xi32>, tensor<?x?x?xi32>, tensor<?x?x?xi32>, tensor<?x?x?xi32>, tensor<i32>) -> tensor<?x?x?xi32>
  %3 = "tf.ConcatV2"(%arg8, %arg9, %cst) {device = ""} : (tensor<?xi1>, tensor<?xi1>, tensor<i32>) -> tensor<?xi1>
  func.return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?x?xi32>, tensor<?xi1>
}
