// MatrixBandPart with bounds as arguments: the band is computed from the values, so the arguments
// carry jitrt's "value" constraint (as every value-dependent computation does), i32 data.
// sweep: modes=enabled,always arg1.values=0 arg2.values=2
func.func @test(%arg0: tensor<?x?xi32> {python_test_attrs.static_type = tensor<5x6xi32>}, %arg1: tensor<i64> {rt.constraint = "value"}, %arg2: tensor<i64> {rt.constraint = "value"}) -> tensor<?x?xi32> {
  %0 = "tf.MatrixBandPart"(%arg0, %arg1, %arg2) {T = i32, Tindex = i64, device = ""} : (tensor<?x?xi32>, tensor<i64>, tensor<i64>) -> tensor<?x?xi32>
  %1 = "tf.Identity"(%0) {T = i32, device = ""} : (tensor<?x?xi32>) -> tensor<?x?xi32>
  func.return %1 : tensor<?x?xi32>
}
