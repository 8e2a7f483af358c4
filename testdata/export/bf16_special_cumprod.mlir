// bf16 through data movement and scans: Cumprod, MirrorPad, Split, GatherNd, EuclideanNorm (f32 inside).
// sweep: arg0.range=-1.5:1.5
func.func @test(%arg0: tensor<?x6xbf16> {python_test_attrs.static_type = tensor<4x6xbf16>}) -> (tensor<?x6xbf16>, tensor<?x8xbf16>, tensor<?x3xbf16>, tensor<2xbf16>, tensor<?xbf16>) {
  %a1 = "tf.Const"() {device = "", value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %p = "tf.Const"() {device = "", value = dense<[[0, 0], [1, 1]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %idx = "tf.Const"() {device = "", value = dense<[[1, 2], [3, 5]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tf.Cumprod"(%arg0, %a1) {T = bf16, Tidx = i32, device = "", exclusive = false, reverse = true} : (tensor<?x6xbf16>, tensor<i32>) -> tensor<?x6xbf16>
  %1 = "tf.MirrorPad"(%arg0, %p) {T = bf16, Tpaddings = i32, device = "", mode = "SYMMETRIC"} : (tensor<?x6xbf16>, tensor<2x2xi32>) -> tensor<?x8xbf16>
  %2:2 = "tf.Split"(%a1, %arg0) {T = bf16, device = "", num_split = 2 : i64} : (tensor<i32>, tensor<?x6xbf16>) -> (tensor<?x3xbf16>, tensor<?x3xbf16>)
  %3 = "tf.GatherNd"(%arg0, %idx) {Tindices = i32, Tparams = bf16, device = ""} : (tensor<?x6xbf16>, tensor<2x2xi32>) -> tensor<2xbf16>
  %4 = "tf.EuclideanNorm"(%arg0, %a1) {T = bf16, Tidx = i32, device = "", keep_dims = false} : (tensor<?x6xbf16>, tensor<i32>) -> tensor<?xbf16>
  func.return %0, %1, %2#1, %3, %4 : tensor<?x6xbf16>, tensor<?x8xbf16>, tensor<?x3xbf16>, tensor<2xbf16>, tensor<?xbf16>
}
